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
        // Kept by the transactions slice (not yet served).
        total_given_cents: 0,
        donations_count: 0,
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


    // ---- Transactions, subscriptions, settings, badges, figures (not yet served) ----

    async fn donor_details(&self, _r: Request<pb::DonorRef>) -> R<pb::DonorDetail> {
        Err(Status::unimplemented("donor_details"))
    }

    async fn record_donation(&self, _r: Request<pb::RecordDonationRequest>) -> R<pb::Transaction> {
        Err(Status::unimplemented("record_donation"))
    }

    async fn refund_transaction(&self, _r: Request<pb::TransactionRef>) -> R<pb::Transaction> {
        Err(Status::unimplemented("refund_transaction"))
    }

    async fn get_transaction(&self, _r: Request<pb::TransactionRef>) -> R<pb::Transaction> {
        Err(Status::unimplemented("get_transaction"))
    }

    async fn list_transactions(&self, _r: Request<pb::ListTransactionsRequest>) -> R<pb::TransactionPage> {
        Err(Status::unimplemented("list_transactions"))
    }

    type StreamTransactionsStream = std::pin::Pin<Box<dyn futures::Stream<Item = Result<pb::Transaction, Status>> + Send>>;

    async fn stream_transactions(&self, _r: Request<pb::ListTransactionsRequest>) -> R<Self::StreamTransactionsStream> {
        Err(Status::unimplemented("stream_transactions"))
    }

    async fn start_subscription(&self, _r: Request<pb::StartSubscriptionRequest>) -> R<pb::Subscription> {
        Err(Status::unimplemented("start_subscription"))
    }

    async fn cancel_subscription(&self, _r: Request<pb::SubscriptionRef>) -> R<pb::Subscription> {
        Err(Status::unimplemented("cancel_subscription"))
    }

    async fn charge_subscription(&self, _r: Request<pb::ChargeSubscriptionRequest>) -> R<pb::Transaction> {
        Err(Status::unimplemented("charge_subscription"))
    }

    async fn list_donor_totals(&self, _r: Request<pb::ListDonorTotalsRequest>) -> R<pb::DonorTotalsPage> {
        Err(Status::unimplemented("list_donor_totals"))
    }

    async fn get_settings(&self, _r: Request<pb::Empty>) -> R<pb::Settings> {
        Err(Status::unimplemented("get_settings"))
    }

    async fn update_settings(&self, _r: Request<pb::UpdateSettingsRequest>) -> R<pb::Settings> {
        Err(Status::unimplemented("update_settings"))
    }

    async fn create_badge(&self, _r: Request<pb::CreateBadgeRequest>) -> R<pb::Badge> {
        Err(Status::unimplemented("create_badge"))
    }

    async fn list_badges(&self, _r: Request<pb::ListBadgesRequest>) -> R<pb::BadgePage> {
        Err(Status::unimplemented("list_badges"))
    }

    async fn get_badge(&self, _r: Request<pb::BadgeRef>) -> R<pb::Badge> {
        Err(Status::unimplemented("get_badge"))
    }

    async fn update_badge(&self, _r: Request<pb::UpdateBadgeRequest>) -> R<pb::Badge> {
        Err(Status::unimplemented("update_badge"))
    }

    async fn delete_badge(&self, _r: Request<pb::BadgeRef>) -> R<pb::Empty> {
        Err(Status::unimplemented("delete_badge"))
    }

    async fn figures(&self, _r: Request<pb::FiguresRequest>) -> R<pb::Figures> {
        Err(Status::unimplemented("figures"))
    }

    // ---- Giving partners ----

    async fn apply_partner(&self, r: Request<pb::ApplyPartnerRequest>) -> R<pb::Partner> {
        let r = r.into_inner();
        let input = crate::partners::PartnerInput {
            name: r.name,
            user_name: r.user_name,
            email_address: r.email_address,
            phone_number: r.phone_number,
            website: r.website,
            logo: r.logo,
            description: r.description,
            state: r.state,
            city: r.city,
            applied_at: r.applied_at,
        };
        Ok(Response::new(partner(self.apply_partner(&input, &actor(r.actor)).await?)))
    }

    async fn list_partners(&self, r: Request<pb::ListPartnersRequest>) -> R<pb::PartnerPage> {
        let r = r.into_inner();
        let (items, total) = self.list_partners(&crate::partners::PartnerQuery { page: page_of(r.page), approved: r.approved }).await?;
        Ok(Response::new(pb::PartnerPage { items: items.into_iter().map(partner).collect(), total }))
    }

    async fn get_partner(&self, r: Request<pb::PartnerRef>) -> R<pb::Partner> {
        Ok(Response::new(partner(self.get_partner(&r.into_inner().id).await?)))
    }

    async fn set_partner_status(&self, r: Request<pb::SetPartnerStatusRequest>) -> R<pb::Partner> {
        let r = r.into_inner();
        Ok(Response::new(partner(self.set_partner_active(&r.id, r.active, &actor(r.actor)).await?)))
    }

    async fn delete_partner(&self, r: Request<pb::PartnerRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_partner(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn change_partner_verification(&self, r: Request<pb::ChangePartnerVerificationRequest>) -> R<pb::Partner> {
        let r = r.into_inner();
        let p = self.change_partner_verification(&r.id, &r.admin_verification, &r.reject_reason, &actor(r.actor)).await?;
        Ok(Response::new(partner(p)))
    }
}

/// A giving partner in its REST shape.
fn partner(p: crate::partners::Partner) -> pb::Partner {
    pb::Partner {
        id: p.id,
        name: p.name,
        user_name: p.user_name,
        email_address: p.email_address,
        phone_number: p.phone_number,
        website: p.website,
        logo: p.logo,
        description: p.description,
        admin_verification: p.admin_verification,
        reject_reason: p.reject_reason,
        is_active: p.is_active,
        applied_at: p.applied_at,
        verified_at: p.verified_at,
        state: p.state,
        city: p.city,
    }
}
