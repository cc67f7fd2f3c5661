//! The gRPC face of the catalogue service: translation only.

use crate::service::{Catalogue, ListQuery};
use crate::store::{Kind, Term};
use proto::catalogue::v1 as pb;
use proto::catalogue::v1::catalogue_server::Catalogue as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn kind(k: pb::TermKind) -> Kind {
    match k {
        pb::TermKind::Cause => Kind::Cause,
        pb::TermKind::Category => Kind::Category,
    }
}

fn term(t: Term) -> pb::Term {
    pb::Term { id: t.id, name: t.name, description: t.description, active: t.is_active, created_at: t.created_at }
}

fn page(items: Vec<Term>, total: i64) -> pb::TermPage {
    pb::TermPage { items: items.into_iter().map(term).collect(), total }
}

#[tonic::async_trait]
impl Rpc for Catalogue {
    async fn create_term(&self, r: Request<pb::TermInput>) -> R<pb::Term> {
        let r = r.into_inner();
        Ok(Response::new(term(self.create(kind(r.kind()), &r.name, &r.description).await?)))
    }

    async fn update_term(&self, r: Request<pb::UpdateTermRequest>) -> R<pb::Term> {
        let r = r.into_inner();
        let k = kind(r.kind());
        Ok(Response::new(term(self.update(k, &r.id, &r.name, r.description.as_deref()).await?)))
    }

    async fn delete_term(&self, r: Request<pb::TermRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete(kind(r.kind()), &r.id).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn set_term_status(&self, r: Request<pb::SetTermStatusRequest>) -> R<pb::Term> {
        let r = r.into_inner();
        Ok(Response::new(term(self.set_active(kind(r.kind()), &r.id, r.active).await?)))
    }

    async fn get_term(&self, r: Request<pb::TermRef>) -> R<pb::Term> {
        let r = r.into_inner();
        Ok(Response::new(term(self.get(kind(r.kind()), &r.id).await?)))
    }

    async fn list_terms(&self, r: Request<pb::ListTermsRequest>) -> R<pb::TermPage> {
        let r = r.into_inner();
        let k = kind(r.kind());
        let q = ListQuery { page: r.page, limit: r.limit, search: r.search, column: r.column, order: r.order };
        let (items, total) = self.list(k, &q).await?;
        Ok(Response::new(page(items, total)))
    }

    async fn active_terms(&self, r: Request<pb::KindRequest>) -> R<pb::TermPage> {
        let items = self.active(kind(r.into_inner().kind())).await?;
        let n = items.len() as i64;
        Ok(Response::new(page(items, n)))
    }
}
