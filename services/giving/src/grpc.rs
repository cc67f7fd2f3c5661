//! The gRPC face of the giving service: translation only (the one module that maps between
//! proto and domain types).

use crate::service::{DonorInput, Giving, ListQuery};
use crate::store::Donor;
use common::paging::Page;
use proto::common::v1 as pc;
use proto::giving::v1 as pb;
use proto::giving::v1::giving_server::Giving as Rpc;
use tokens::account::actor;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn page_of(p: Option<pc::PageRequest>) -> Page {
    let p = p.unwrap_or_default();
    Page { page: p.page, limit: p.limit, search: p.search, column: p.column, order: p.order }
}

fn input(i: Option<pb::DonorInput>) -> DonorInput {
    let i = i.unwrap_or_default();
    DonorInput {
        first_name: i.first_name,
        last_name: i.last_name,
        email: i.email,
        phone_number: i.phone_number,
        avatar: i.avatar,
        address: i.address,
        city: i.city,
        state: i.state,
        country: i.country,
        city_id: i.city_id,
        state_id: i.state_id,
        country_id: i.country_id,
        zip_code: i.zip_code,
    }
}

fn donor(d: Donor) -> pb::Donor {
    pb::Donor {
        id: d.id,
        first_name: d.first_name,
        last_name: d.last_name,
        email: d.email,
        phone_number: d.phone_number,
        avatar: d.avatar,
        address: d.address,
        city: d.city,
        state: d.state,
        country: d.country,
        city_id: d.city_id,
        state_id: d.state_id,
        country_id: d.country_id,
        zip_code: d.zip_code,
        is_active: d.is_active,
        created_at: d.created_at,
        updated_at: d.updated_at,
    }
}

#[tonic::async_trait]
impl Rpc for Giving {
    async fn create_donor(&self, r: Request<pb::CreateDonorRequest>) -> R<pb::Donor> {
        let r = r.into_inner();
        Ok(Response::new(donor(self.create_donor(&input(r.input), &actor(r.actor)).await?)))
    }

    async fn update_donor(&self, r: Request<pb::UpdateDonorRequest>) -> R<pb::Donor> {
        let r = r.into_inner();
        Ok(Response::new(donor(self.update_donor(&r.id, &input(r.input), &actor(r.actor)).await?)))
    }

    async fn get_donor(&self, r: Request<pb::DonorRef>) -> R<pb::Donor> {
        Ok(Response::new(donor(self.get_donor(&r.into_inner().id).await?)))
    }

    async fn delete_donor(&self, r: Request<pb::DonorRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_donor(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn set_donor_status(&self, r: Request<pb::SetDonorStatusRequest>) -> R<pb::Donor> {
        let r = r.into_inner();
        Ok(Response::new(donor(self.set_donor_active(&r.id, r.active, &actor(r.actor)).await?)))
    }

    async fn list_donors(&self, r: Request<pb::ListDonorsRequest>) -> R<pb::DonorPage> {
        let r = r.into_inner();
        let (items, total) = self.list_donors(&ListQuery { page: page_of(r.page), is_active: r.is_active }).await?;
        Ok(Response::new(pb::DonorPage { items: items.into_iter().map(donor).collect(), total }))
    }
}
