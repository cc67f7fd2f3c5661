//! The gRPC face of the content service: translation only (the one module that maps
//! between proto and domain types).

use crate::contacts::ContactInput;
use crate::contacts_store::ContactMessage;
use crate::faqs::FaqInput;
use crate::faqs_store::{Faq, FaqCategory};
use crate::leadership::LeadershipInput;
use crate::leadership_store::Leadership;
use crate::media_store::{MediaFile, MediaOwner};
use crate::pages_store::{PageRow, RevisionRow};
use crate::service::Content;
use common::wire::{actor, trash_entry, trash_page, trash_query};
use proto::common::v1 as pc;
use proto::content::v1 as pb;
use proto::content::v1::content_server::Content as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn page(p: PageRow) -> pb::Page {
    pb::Page {
        id: p.id,
        page_key: p.page_key,
        document_json: p.document,
        revision: p.revision,
        updated_at: p.updated_at,
        updated_by: p.updated_by,
    }
}

fn revision(r: RevisionRow) -> pb::Revision {
    pb::Revision {
        id: r.id,
        number: r.number,
        page_key: r.page_key,
        author_id: r.author_id,
        created_at: r.created_at,
        restored_from: r.restored_from,
        document_json: r.document,
    }
}

fn leadership_in(f: Option<pb::LeadershipFields>) -> LeadershipInput {
    let f = f.unwrap_or_default();
    LeadershipInput {
        name: f.name,
        title: f.title,
        photo: f.photo,
        biography: f.biography,
        order: f.order,
        is_active: f.is_active,
    }
}

fn leadership(l: Leadership) -> pb::Leadership {
    pb::Leadership {
        id: l.id,
        name: l.fields.name,
        title: l.fields.title,
        photo: l.fields.photo,
        biography: l.fields.biography,
        order: l.fields.order,
        is_active: l.fields.is_active,
        created_at: l.created_at,
        updated_at: l.updated_at,
    }
}

fn category(c: FaqCategory) -> pb::FaqCategory {
    pb::FaqCategory {
        id: c.id,
        name: c.name,
        description: c.description,
        order: c.order,
        faq_count: c.faq_count,
        created_at: c.created_at,
    }
}

fn faq_in(f: Option<pb::FaqFields>) -> FaqInput {
    let f = f.unwrap_or_default();
    FaqInput {
        category_id: f.category_id,
        question: f.question,
        answer: f.answer,
        order: f.order,
        is_active: f.is_active,
    }
}

fn faq(f: Faq) -> pb::Faq {
    pb::Faq {
        id: f.id,
        category_id: f.category_id,
        category_name: f.category_name,
        question: f.question,
        answer: f.answer,
        order: f.order,
        is_active: f.is_active,
        created_at: f.created_at,
        updated_at: f.updated_at,
    }
}

fn contact(m: ContactMessage) -> pb::ContactMessage {
    pb::ContactMessage {
        id: m.id,
        name: m.name,
        email: m.email,
        phone_number: m.phone_number,
        subject: m.subject,
        message: m.message,
        created_at: m.created_at,
        is_read: m.is_read,
        read_by: m.read_by,
        read_at: m.read_at,
    }
}

/// The actor of a public submission: no account, type 'public', its address.
fn media_file(m: MediaFile) -> pb::MediaFile {
    pb::MediaFile {
        module: m.module,
        file: m.file,
        kind: m.kind,
        size: m.size,
        uploader_id: m.uploader_id,
        uploader_type: m.uploader_type,
        uploaded_at: m.uploaded_at,
        removed_at: m.removed_at.unwrap_or(0),
        owner: m.owner.map(|o| pb::MediaOwner { service: o.service, entity: o.entity, entity_id: o.entity_id }),
        attached_at: m.attached_at.unwrap_or(0),
        released_at: m.released_at.unwrap_or(0),
    }
}

fn media_owner(o: Option<pb::MediaOwner>) -> MediaOwner {
    let o = o.unwrap_or_default();
    MediaOwner {
        service: o.service.trim().into(),
        entity: o.entity.trim().into(),
        entity_id: o.entity_id.trim().into(),
    }
}

fn attached(a: crate::media::Attached) -> pb::AttachMediaReply {
    pb::AttachMediaReply { attached: a.attached, released: a.released }
}

fn public_actor(a: Option<pc::Actor>) -> common::Actor {
    common::Actor::new("", "public", a.map(|a| a.address).unwrap_or_default())
}

#[tonic::async_trait]
impl Rpc for Content {
    async fn get_page(&self, r: Request<pb::PageRef>) -> R<pb::Page> {
        let r = r.into_inner();
        Ok(Response::new(page(self.page(&r.page_key, &r.id).await?)))
    }

    async fn get_pages(&self, r: Request<pb::PageKeys>) -> R<pb::Pages> {
        let mut items = Vec::new();
        for key in r.into_inner().page_keys {
            items.push(page(self.page(&key, "").await?));
        }
        Ok(Response::new(pb::Pages { items }))
    }

    async fn save_page(&self, r: Request<pb::SavePageRequest>) -> R<pb::Page> {
        let r = r.into_inner();
        Ok(Response::new(page(self.save_page(&r.page_key, &r.id, &r.document_json, &actor(r.actor)).await?)))
    }

    async fn list_revisions(&self, r: Request<pb::ListRevisionsRequest>) -> R<pb::RevisionPage> {
        let r = r.into_inner();
        let (items, total) = self.revisions(&r.page_key, &common::wire::page(r.page)).await?;
        Ok(Response::new(pb::RevisionPage { items: items.into_iter().map(revision).collect(), total }))
    }

    async fn get_revision(&self, r: Request<pb::RevisionRef>) -> R<pb::Revision> {
        Ok(Response::new(revision(self.revision(&r.into_inner().id).await?)))
    }

    async fn restore_revision(&self, r: Request<pb::RevisionRef>) -> R<pb::Page> {
        let r = r.into_inner();
        Ok(Response::new(page(self.restore(&r.id, &actor(r.actor)).await?)))
    }

    async fn create_leadership(&self, r: Request<pb::LeadershipInput>) -> R<pb::Leadership> {
        let r = r.into_inner();
        Ok(Response::new(leadership(self.create_leadership(&leadership_in(r.fields), &actor(r.actor)).await?)))
    }

    async fn update_leadership(&self, r: Request<pb::UpdateLeadershipRequest>) -> R<pb::Leadership> {
        let r = r.into_inner();
        Ok(Response::new(leadership(self.update_leadership(&r.id, &leadership_in(r.fields), &actor(r.actor)).await?)))
    }

    async fn delete_leadership(&self, r: Request<pb::IdRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_leadership(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn get_leadership(&self, r: Request<pb::IdRef>) -> R<pb::Leadership> {
        Ok(Response::new(leadership(self.leadership(&r.into_inner().id).await?)))
    }

    async fn list_leadership(&self, r: Request<pb::ListLeadershipRequest>) -> R<pb::LeadershipPage> {
        let r = r.into_inner();
        let (items, total) = self.list_leadership(&common::wire::page(r.page), r.is_active).await?;
        Ok(Response::new(pb::LeadershipPage { items: items.into_iter().map(leadership).collect(), total }))
    }

    async fn create_faq_category(&self, r: Request<pb::FaqCategoryInput>) -> R<pb::FaqCategory> {
        let r = r.into_inner();
        Ok(Response::new(category(self.create_category(&r.name, &r.description, &actor(r.actor)).await?)))
    }

    async fn update_faq_category(&self, r: Request<pb::UpdateFaqCategoryRequest>) -> R<pb::FaqCategory> {
        let r = r.into_inner();
        let c = self.update_category(&r.id, &r.name, r.description.as_deref(), r.order, &actor(r.actor)).await?;
        Ok(Response::new(category(c)))
    }

    async fn delete_faq_category(&self, r: Request<pb::IdRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_category(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn get_faq_category(&self, r: Request<pb::IdRef>) -> R<pb::FaqCategory> {
        Ok(Response::new(category(self.category(&r.into_inner().id).await?)))
    }

    async fn list_faq_categories(&self, r: Request<pb::ListRequest>) -> R<pb::FaqCategoryPage> {
        let (items, total) = self.list_categories(&common::wire::page(r.into_inner().page)).await?;
        Ok(Response::new(pb::FaqCategoryPage { items: items.into_iter().map(category).collect(), total }))
    }

    async fn create_faq(&self, r: Request<pb::FaqInput>) -> R<pb::Faq> {
        let r = r.into_inner();
        Ok(Response::new(faq(self.create_faq(&faq_in(r.fields), &actor(r.actor)).await?)))
    }

    async fn update_faq(&self, r: Request<pb::UpdateFaqRequest>) -> R<pb::Faq> {
        let r = r.into_inner();
        Ok(Response::new(faq(self.update_faq(&r.id, &faq_in(r.fields), &actor(r.actor)).await?)))
    }

    async fn delete_faq(&self, r: Request<pb::IdRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_faq(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn get_faq(&self, r: Request<pb::IdRef>) -> R<pb::Faq> {
        Ok(Response::new(faq(self.faq(&r.into_inner().id).await?)))
    }

    async fn list_faqs(&self, r: Request<pb::ListFaqsRequest>) -> R<pb::FaqPage> {
        let r = r.into_inner();
        let (items, total) = self.list_faqs(&common::wire::page(r.page), &r.category_id).await?;
        Ok(Response::new(pb::FaqPage { items: items.into_iter().map(faq).collect(), total }))
    }

    async fn find_faqs(&self, r: Request<proto::common::v1::FindRequest>) -> R<pb::FoundFaqs> {
        let found = self.find_faqs(&common::wire::find(r.into_inner())?).await?;
        Ok(Response::new(pb::FoundFaqs { items: found.into_iter().map(faq).collect() }))
    }

    async fn public_faq(&self, _: Request<pb::Empty>) -> R<pb::PublicFaqReply> {
        let categories = self
            .public_faq()
            .await?
            .into_iter()
            .map(|c| pb::PublicFaqCategory {
                id: c.id,
                name: c.name,
                faqs: c
                    .faqs
                    .into_iter()
                    .map(|f| pb::PublicFaqEntry { id: f.id, question: f.question, answer: f.answer })
                    .collect(),
            })
            .collect();
        Ok(Response::new(pb::PublicFaqReply { categories }))
    }

    async fn submit_contact(&self, r: Request<pb::ContactInput>) -> R<pb::ContactMessage> {
        let r = r.into_inner();
        let input = ContactInput {
            name: r.name,
            email: r.email,
            phone_number: r.phone_number,
            subject: r.subject,
            message: r.message,
        };
        Ok(Response::new(contact(self.submit_contact(&input, &public_actor(r.actor)).await?)))
    }

    async fn list_contacts(&self, r: Request<pb::ListContactsRequest>) -> R<pb::ContactPage> {
        let r = r.into_inner();
        let (items, total) = self.list_contacts(&common::wire::page(r.page), r.is_read).await?;
        Ok(Response::new(pb::ContactPage { items: items.into_iter().map(contact).collect(), total }))
    }

    async fn open_contact(&self, r: Request<pb::IdRef>) -> R<pb::ContactMessage> {
        let r = r.into_inner();
        Ok(Response::new(contact(self.open_contact(&r.id, &actor(r.actor)).await?)))
    }

    async fn delete_contact(&self, r: Request<pb::IdRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_contact(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
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

    async fn usage(&self, r: Request<pc::UsageRequest>) -> R<pc::UsageReply> {
        let r = r.into_inner();
        let items =
            self.usage(&r.kind, &r.id).await?.into_iter().map(|(what, count)| pc::Usage { what, count }).collect();
        Ok(Response::new(pc::UsageReply { items }))
    }

    async fn record_upload(&self, r: Request<pb::MediaUpload>) -> R<pb::MediaFile> {
        let r = r.into_inner();
        let i = crate::media::UploadInput {
            module: r.module,
            file: r.file,
            kind: r.kind,
            size: r.size,
            quota_bytes: r.quota_bytes,
        };
        Ok(Response::new(media_file(self.record_upload(&i, &actor(r.actor)).await?)))
    }

    async fn upload_allowance(&self, r: Request<pb::AllowanceRequest>) -> R<pb::Allowance> {
        let r = r.into_inner();
        let a = self.upload_allowance(&actor(r.actor), r.quota_bytes).await?;
        Ok(Response::new(pb::Allowance { remaining_bytes: a.remaining_bytes, window_ends_at: a.window_ends_at }))
    }

    async fn attach_media(&self, r: Request<pb::AttachMediaRequest>) -> R<pb::AttachMediaReply> {
        use crate::media::Attach;
        let r = r.into_inner();
        let mode = match (r.check_only, r.release_unnamed) {
            (true, _) => Attach::Check,
            (false, false) => Attach::Attach,
            (false, true) => Attach::AttachReleasingOthers,
        };
        let fields: Vec<crate::media::MediaField> =
            r.fields.into_iter().map(|f| crate::media::MediaField { field: f.field, files: f.files }).collect();
        Ok(Response::new(attached(self.attach(&media_owner(r.owner), &fields, mode, &actor(r.actor)).await?)))
    }

    async fn release_media(&self, r: Request<pb::ReleaseMediaRequest>) -> R<pb::AttachMediaReply> {
        let r = r.into_inner();
        Ok(Response::new(attached(self.release(&media_owner(r.owner), &actor(r.actor)).await?)))
    }

    async fn may_remove(&self, r: Request<pb::MediaRef>) -> R<pb::MediaUse> {
        let f = self.media_file(&r.into_inner().file).await?;
        Ok(Response::new(pb::MediaUse { recorded: f.is_some(), file: f.map(media_file) }))
    }

    async fn mark_removed(&self, r: Request<pb::MediaRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.mark_removed(&r.file, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn list_orphans(&self, r: Request<pb::OrphansRequest>) -> R<pb::MediaFiles> {
        let r = r.into_inner();
        Ok(Response::new(pb::MediaFiles {
            items: self.orphans(r.uploaded_before, r.limit).await?.into_iter().map(media_file).collect(),
        }))
    }
}
