//! The gRPC face of the catalogue service: translation only (the one module that maps
//! between proto and domain types).

use crate::charity;
use crate::charity_list::ListQuery;
use crate::charity_list_store::CharityRow;
use crate::payment_methods::PaymentMethodInput;
use crate::service::Catalogue;
use crate::store::{Kind, Term};
use common::grpc::{Streamed, export_stream};
use common::wire::{actor, trash_entry, trash_page, trash_query};
use proto::catalogue::v1 as pb;
use proto::catalogue::v1::catalogue_server::Catalogue as Rpc;
use proto::common::v1 as pc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn kind(k: pb::TermKind) -> Kind {
    match k {
        pb::TermKind::Cause => Kind::Cause,
        pb::TermKind::Category => Kind::Category,
    }
}

fn charity_input(i: pb::CharityInput) -> charity::CharityInput {
    charity::CharityInput {
        tax_id: i.tax_id,
        profile: charity::Profile {
            charity_name: i.charity_name,
            category_id: i.category_id,
            cause_ids: i.cause_ids,
            mission: i.mission,
            description: i.description,
            logo: i.logo,
            images: i.images,
            website: i.website,
            email: i.email,
            phone_number: i.phone_number,
            address: i.address,
            city: i.city,
            state: i.state,
            country: i.country,
            zip_code: i.zip_code,
            country_id: i.country_id,
            state_id: i.state_id,
            city_id: i.city_id,
            admin_first_name: i.admin_first_name,
            admin_last_name: i.admin_last_name,
            admin_email: i.admin_email,
            admin_phone: i.admin_phone,
        },
        payment_methods: i.payment_methods.map(|p| {
            p.items
                .into_iter()
                .map(|m| PaymentMethodInput {
                    method_type: m.r#type,
                    bank_name: m.bank_name,
                    account_holder: m.account_holder,
                    routing_number: m.routing_number,
                    account_number: m.account_number,
                    id: m.id,
                })
                .collect()
        }),
    }
}

fn charity_view(c: charity::Charity) -> pb::Charity {
    let r = c.record;
    let p = r.profile;
    pb::Charity {
        id: r.id,
        charity_name: p.charity_name,
        tax_id: c.tax_id,
        category_id: p.category_id,
        category_name: c.category_name,
        cause_ids: p.cause_ids,
        causes: c.causes.into_iter().map(|n| pb::NamedRef { id: n.id, name: n.name }).collect(),
        mission: p.mission,
        description: p.description,
        logo: p.logo,
        images: p.images,
        website: p.website,
        email: p.email,
        phone_number: p.phone_number,
        address: p.address,
        city: p.city,
        state: p.state,
        country: p.country,
        zip_code: p.zip_code,
        country_id: p.country_id,
        state_id: p.state_id,
        city_id: p.city_id,
        admin_first_name: p.admin_first_name,
        admin_last_name: p.admin_last_name,
        admin_email: p.admin_email,
        admin_phone: p.admin_phone,
        payment_methods: c
            .payment_methods
            .into_iter()
            .map(|m| pb::PaymentMethod {
                id: m.id,
                r#type: m.method_type,
                bank_name: m.bank_name,
                account_holder: m.account_holder,
                last4: m.last4,
                is_default: m.is_default,
            })
            .collect(),
        admin_verification: r.admin_verification,
        reject_reason: r.reject_reason,
        admin_approve_at: r.admin_approve_at,
        is_active: r.is_active,
        is_imported: r.is_imported,
        ntee_code: r.ntee_code,
        created_at: r.created_at,
        updated_at: r.updated_at,
    }
}

fn charity_row(r: CharityRow) -> pb::CharityRow {
    pb::CharityRow {
        id: r.id,
        charity_name: r.charity_name,
        tax_id: r.tax_id,
        admin_approve_at: r.admin_approve_at,
        is_active: r.is_active,
        admin_verification: r.admin_verification,
        reject_reason: r.reject_reason,
        is_imported: r.is_imported,
        created_at: r.created_at,
    }
}

fn import_summary(s: crate::import::ImportSummary) -> pb::ImportSummary {
    let n = s.counts;
    pb::ImportSummary {
        rows: n.rows,
        new: n.new,
        changed: n.changed,
        unchanged: n.unchanged,
        skipped: n.skipped,
        invalid: n.invalid,
        errors: s.errors.into_iter().map(|e| pb::ImportError { row: e.row, reason: e.reason }).collect(),
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
    type StreamTermsStream = Streamed<pb::Term>;

    async fn stream_terms(&self, r: Request<pb::ListTermsRequest>) -> R<Self::StreamTermsStream> {
        let r = r.into_inner();
        let k = kind(r.kind());
        let q = common::wire::page(r.page);
        let me = self.clone();
        Ok(Response::new(export_stream(256, move |tx| async move { me.export(k, &q, tx).await }, term)))
    }

    async fn create_charity(&self, r: Request<pb::CreateCharityRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        let input = charity_input(r.input.unwrap_or_default());
        Ok(Response::new(charity_view(self.create_charity(&input, &actor(r.actor)).await?)))
    }

    async fn update_charity(&self, r: Request<pb::UpdateCharityRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        let input = charity_input(r.input.unwrap_or_default());
        Ok(Response::new(charity_view(self.update_charity(&r.id, &input, r.onboard, &actor(r.actor)).await?)))
    }

    async fn get_charity(&self, r: Request<pb::CharityRef>) -> R<pb::Charity> {
        Ok(Response::new(charity_view(self.get_charity(&r.into_inner().id).await?)))
    }

    async fn delete_charity(&self, r: Request<pb::CharityRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_charity(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn set_charity_status(&self, r: Request<pb::SetCharityStatusRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        Ok(Response::new(charity_view(self.set_charity_active(&r.id, r.active, &actor(r.actor)).await?)))
    }

    async fn change_verification(&self, r: Request<pb::ChangeVerificationRequest>) -> R<pb::Charity> {
        let r = r.into_inner();
        let c =
            self.change_verification(&r.charity_id, &r.admin_verification, &r.reject_reason, &actor(r.actor)).await?;
        Ok(Response::new(charity_view(c)))
    }

    async fn list_charities(&self, r: Request<pb::ListCharitiesRequest>) -> R<pb::CharityPage> {
        let r = r.into_inner();
        let q = ListQuery {
            page: common::wire::page(r.page),
            imported: r.is_navigator,
            verification: r.admin_verification,
        };
        let (items, total) = self.list_charities(&q).await?;
        let (items, items_json) =
            common::wire::items_or_json(items.into_iter().map(charity_row).collect(), r.items_as_json)?;
        Ok(Response::new(pb::CharityPage { items, total, items_json }))
    }

    async fn find_charities(&self, r: Request<proto::common::v1::FindRequest>) -> R<pb::FoundCharities> {
        let found = self.find_charities(&common::wire::find(r.into_inner())?).await?;
        Ok(Response::new(pb::FoundCharities { items: found.into_iter().map(charity_row).collect() }))
    }

    async fn active_charities(&self, _: Request<pb::Empty>) -> R<pb::CharityPage> {
        let items: Vec<pb::CharityRow> = self
            .active_charities()
            .await?
            .into_iter()
            .map(|(id, charity_name)| pb::CharityRow { id, charity_name, ..Default::default() })
            .collect();
        let total = items.len() as i64;
        Ok(Response::new(pb::CharityPage { items, total, items_json: vec![] }))
    }

    async fn figures(&self, r: Request<pb::FiguresRequest>) -> R<pb::Figures> {
        let f = Catalogue::figures(self, r.into_inner().year).await?;
        Ok(Response::new(pb::Figures {
            nonprofits: f.nonprofits,
            approved: f.approved,
            pending_requests: f.pending_requests,
            causes: f.causes,
            categories: f.categories,
            months: f
                .months
                .into_iter()
                .map(|m| pb::MonthFigures { month: m.month as i32, nonprofits: m.nonprofits, requests: m.requests })
                .collect(),
        }))
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
        Ok(Response::new(import_summary(self.import_bmf(apply, Box::pin(all), &by).await?)))
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

    async fn usage(&self, r: Request<pc::UsageRequest>) -> R<pc::UsageReply> {
        let r = r.into_inner();
        let items =
            self.usage(&r.kind, &r.id).await?.into_iter().map(|(what, count)| pc::Usage { what, count }).collect();
        Ok(Response::new(pc::UsageReply { items }))
    }

    async fn list_trash(&self, r: Request<pc::ListTrashRequest>) -> R<pc::TrashPage> {
        Ok(Response::new(trash_page(self.list_trash(&trash_query(r.into_inner())?).await?)))
    }

    async fn restore_trashed(&self, r: Request<pc::TrashRef>) -> R<pc::TrashEntry> {
        let r = r.into_inner();
        Ok(Response::new(trash_entry(self.restore_trashed(&r.module, &r.id, &actor(r.actor)).await?)))
    }

    async fn purge_trashed(&self, r: Request<pc::TrashRef>) -> R<pc::TrashEntry> {
        let r = r.into_inner();
        Ok(Response::new(trash_entry(self.purge_trashed(&r.module, &r.id, &actor(r.actor)).await?)))
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
        let (items, total) = self.list(k, &common::wire::page(r.page)).await?;
        Ok(Response::new(page(items, total)))
    }

    async fn active_terms(&self, r: Request<pb::KindRequest>) -> R<pb::TermPage> {
        let items = self.active(kind(r.into_inner().kind())).await?;
        let n = items.len() as i64;
        Ok(Response::new(page(items, n)))
    }
}
