//! The gRPC face of the catalogue service: translation only (the one module that maps
//! between proto and domain types).

use crate::charity;
use crate::service::Catalogue;
use crate::store::{Kind, Term};
use common::Actor;
use common::paging::Page;
use proto::catalogue::v1 as pb;
use proto::common::v1 as pc;
use proto::catalogue::v1::catalogue_server::Catalogue as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;
type Stream<T> = std::pin::Pin<Box<dyn tokio_stream::Stream<Item = Result<T, Status>> + Send>>;

fn kind(k: pb::TermKind) -> Kind {
    match k {
        pb::TermKind::Cause => Kind::Cause,
        pb::TermKind::Category => Kind::Category,
    }
}

/// The actor a call names (the system when it names none).
fn actor(a: Option<pc::Actor>) -> Actor {
    a.map(|a| Actor::new(a.id, a.account_type, a.address)).unwrap_or_else(Actor::system)
}

fn page_of(p: Option<pc::PageRequest>) -> Page {
    let p = p.unwrap_or_default();
    Page { page: p.page, limit: p.limit, search: p.search, column: p.column, order: p.order }
}

fn term(t: Term) -> pb::Term {
    pb::Term { id: t.id, name: t.name, description: t.description, active: t.is_active, created_at: t.created_at }
}

fn page(items: Vec<Term>, total: i64) -> pb::TermPage {
    pb::TermPage { items: items.into_iter().map(term).collect(), total }
}

#[tonic::async_trait]
impl Rpc for Catalogue {
    type StreamTermsStream = Stream<pb::Term>;

    async fn stream_terms(&self, r: Request<pb::ListTermsRequest>) -> R<Self::StreamTermsStream> {
        let r = r.into_inner();
        let k = kind(r.kind());
        let q = page_of(r.page);
        let (tx, mut rx) = tokio::sync::mpsc::channel(256);
        let me = self.clone();
        let (err_tx, err_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(async move {
            let _ = err_tx.send(me.export(k, &q, tx).await);
        });
        let out = async_stream(move |yield_tx| async move {
            while let Some(t) = rx.recv().await {
                if yield_tx.send(Ok(term(t))).await.is_err() {
                    return;
                }
            }
            if let Ok(Err(e)) = err_rx.await {
                let _ = yield_tx.send(Err(e.into())).await;
            }
        });
        Ok(Response::new(out))
    }

    async fn create_charity(&self, r: Request<pb::CreateCharityRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        Ok(Response::new(self.create_charity(&r.input.unwrap_or_default(), &actor(r.actor)).await?))
    }

    async fn update_charity(&self, r: Request<pb::UpdateCharityRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        let input = r.input.unwrap_or_default();
        Ok(Response::new(self.update_charity(&r.id, &input, r.onboard, &actor(r.actor)).await?))
    }

    async fn get_charity(&self, r: Request<pb::CharityRef>) -> R<pb::Charity> {
        Ok(Response::new(self.get_charity(&r.into_inner().id).await?))
    }

    async fn delete_charity(&self, r: Request<pb::CharityRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_charity(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn set_charity_status(&self, r: Request<pb::SetCharityStatusRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        Ok(Response::new(self.set_charity_active(&r.id, r.active, &actor(r.actor)).await?))
    }

    async fn change_verification(&self, r: Request<pb::ChangeVerificationRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        Ok(Response::new(self.change_verification(&r.charity_id, &r.admin_verification, &r.reject_reason, &actor(r.actor)).await?))
    }

    async fn list_charities(&self, r: Request<pb::ListCharitiesRequest>) -> R<pb::CharityPage> {
        let r = r.into_inner();
        let q = charity::ListQuery { page: page_of(r.page), imported: r.is_navigator, verification: r.admin_verification };
        let (items, total) = self.list_charities(&q).await?;
        Ok(Response::new(pb::CharityPage { items, total }))
    }

    async fn active_charities(&self, _: Request<pb::Empty>) -> R<pb::CharityPage> {
        let items: Vec<pb::CharityRow> = self
            .active_charities()
            .await?
            .into_iter()
            .map(|(id, charity_name)| pb::CharityRow { id, charity_name, ..Default::default() })
            .collect();
        let total = items.len() as i64;
        Ok(Response::new(pb::CharityPage { items, total }))
    }

    async fn import_bmf(&self, r: Request<tonic::Streaming<pb::ImportChunk>>) -> R<pb::ImportSummary> {
        let mut chunks = r.into_inner();
        let Some(first) = chunks.message().await? else {
            return Err(Status::invalid_argument("The file is empty"));
        };
        let (apply, by) = (first.apply, actor(first.actor));
        let head = tokio_stream::once(Ok::<_, Status>(bytes::Bytes::from(first.data)));
        let rest = tokio_stream::StreamExt::map(chunks, |c| c.map(|c| bytes::Bytes::from(c.data)));
        let all = tokio_stream::StreamExt::chain(head, rest);
        Ok(Response::new(self.import_bmf(apply, Box::pin(all), &by).await?))
    }

    async fn create_term(&self, r: Request<pb::TermInput>) -> R<pb::Term> {
        let r = r.into_inner();
        Ok(Response::new(term(self.create(kind(r.kind()), &r.name, &r.description, &actor(r.actor)).await?)))
    }

    async fn update_term(&self, r: Request<pb::UpdateTermRequest>) -> R<pb::Term> {
        let r = r.into_inner();
        let k = kind(r.kind());
        Ok(Response::new(term(self.update(k, &r.id, &r.name, r.description.as_deref(), &actor(r.actor)).await?)))
    }

    async fn delete_term(&self, r: Request<pb::TermRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete(kind(r.kind()), &r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn set_term_status(&self, r: Request<pb::SetTermStatusRequest>) -> R<pb::Term> {
        let r = r.into_inner();
        Ok(Response::new(term(self.set_active(kind(r.kind()), &r.id, r.active, &actor(r.actor)).await?)))
    }

    async fn get_term(&self, r: Request<pb::TermRef>) -> R<pb::Term> {
        let r = r.into_inner();
        Ok(Response::new(term(self.get(kind(r.kind()), &r.id).await?)))
    }

    async fn list_terms(&self, r: Request<pb::ListTermsRequest>) -> R<pb::TermPage> {
        let r = r.into_inner();
        let k = kind(r.kind());
        let (items, total) = self.list(k, &page_of(r.page)).await?;
        Ok(Response::new(page(items, total)))
    }

    async fn active_terms(&self, r: Request<pb::KindRequest>) -> R<pb::TermPage> {
        let items = self.active(kind(r.into_inner().kind())).await?;
        let n = items.len() as i64;
        Ok(Response::new(page(items, n)))
    }
}

/// A stream fed by a task through a channel.
fn async_stream<T, F, Fut>(body: F) -> Stream<T>
where
    T: Send + 'static,
    F: FnOnce(tokio::sync::mpsc::Sender<Result<T, Status>>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    tokio::spawn(body(tx));
    Box::pin(tokio_stream::wrappers::ReceiverStream::new(rx))
}
