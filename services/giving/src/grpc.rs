//! The gRPC face of the giving service: translation only (the one module that maps between
//! proto and domain types).

use crate::badges;
use crate::badges_store;
use crate::donations;
use crate::fees;
use crate::figures;
use crate::gifts;
use crate::service::{DonorInput, Giving, ListQuery};
use crate::settings;
use crate::store::Donor;
use crate::subscriptions;
use crate::subscriptions_store;
use crate::transaction;
use common::grpc::{Streamed, export_stream};
use common::location::Location;
use common::wire::{actor, trash_entry, trash_page, trash_query};
use proto::common::v1 as pc;
use proto::giving::v1 as pb;
use proto::giving::v1::giving_server::Giving as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn month_figures(m: figures::MonthFigures) -> pb::MonthFigures {
    pb::MonthFigures { month: m.month, new_donors: m.new_donors, donations: m.donations, amount_cents: m.amount_cents }
}

fn input(i: Option<pb::DonorInput>) -> DonorInput {
    let i = i.unwrap_or_default();
    DonorInput {
        first_name: i.first_name,
        last_name: i.last_name,
        email: i.email,
        phone_number: i.phone_number,
        avatar: i.avatar,
        location: common::located!(i => Location {}),
        ..Default::default()
    }
}

fn donor(d: Donor) -> pb::Donor {
    common::located!(d.location => pb::Donor {
        id: d.id,
        first_name: d.first_name,
        last_name: d.last_name,
        email: d.email,
        phone_number: d.phone_number,
        avatar: d.avatar,
        is_active: d.is_active,
        created_at: d.created_at,
        updated_at: d.updated_at,
        total_given_cents: d.total_given_cents,
        donations_count: d.donations_count,
    })
}

fn recipient(r: Option<pb::Recipient>) -> gifts::Recipient {
    let r = r.unwrap_or_default();
    let kind = match r.kind() {
        pb::RecipientKind::Charity => "charity",
        pb::RecipientKind::Community => "community",
        pb::RecipientKind::Cause => "cause",
        pb::RecipientKind::Unspecified => "",
    };
    gifts::Recipient { kind: kind.into(), id: r.id, name: r.name }
}

fn transaction(t: transaction::Transaction) -> pb::Transaction {
    pb::Transaction {
        id: t.id,
        donor_id: t.donor_id,
        donor_name: t.donor_name,
        donor_email: t.donor_email,
        recipient_type: t.recipient_type,
        recipient_id: t.recipient_id,
        recipient_name: t.recipient_name,
        amount_cents: t.amount_cents,
        currency: t.currency,
        processing_fee_bp: t.processing_fee_bp,
        service_charge_bp: t.service_charge_bp,
        processing_fee_cents: t.processing_fee_cents,
        service_charge_cents: t.service_charge_cents,
        net_cents: t.net_cents,
        payment_method: t.payment_method,
        status: t.status,
        r#type: t.kind,
        subscription_id: t.subscription_id,
        receipt_number: t.receipt_number,
        provider_reference: t.provider_reference,
        created_at: t.created_at,
        refunded_at: t.refunded_at,
    }
}

fn tx_query(r: pb::ListTransactionsRequest) -> donations::TxQuery {
    donations::TxQuery {
        page: common::wire::page(r.page),
        filter: transaction::TxFilter {
            from: r.from,
            to: r.to,
            status: r.status,
            kind: r.r#type,
            recipient_type: r.recipient_type,
            recipient_id: r.recipient_id,
            donor_id: r.donor_id,
            ..Default::default()
        },
    }
}

fn subscription(s: subscriptions_store::Subscription) -> pb::Subscription {
    pb::Subscription {
        id: s.id,
        donor_id: s.donor_id,
        recipient_type: s.recipient_type,
        recipient_id: s.recipient_id,
        recipient_name: s.recipient_name,
        amount_cents: s.amount_cents,
        currency: s.currency,
        interval: s.interval,
        status: s.status,
        started_at: s.started_at,
        next_charge_at: s.next_charge_at,
        charges_count: s.charges_count,
        cancelled_at: s.cancelled_at,
    }
}

fn settings(v: settings::SettingsView) -> pb::Settings {
    let s = v.settings;
    pb::Settings {
        id: s.id,
        service_charge_bp: s.service_charge_bp,
        processing_fee_bp: s.processing_fee_bp,
        updated_at: s.updated_at,
        updated_by: s.updated_by,
        history: v
            .history
            .into_iter()
            .map(|h| pb::SettingsChange {
                at: h.at,
                by: h.by,
                old_service_charge_bp: h.old_service_charge_bp,
                new_service_charge_bp: h.new_service_charge_bp,
                old_processing_fee_bp: h.old_processing_fee_bp,
                new_processing_fee_bp: h.new_processing_fee_bp,
            })
            .collect(),
    }
}

fn badge_input(i: Option<pb::BadgeInput>) -> badges::BadgeInput {
    let i = i.unwrap_or_default();
    badges::BadgeInput {
        name: i.name,
        image: i.image,
        description: i.description,
        is_active: i.is_active,
        rule: i.rule as i64,
        threshold: i.threshold,
        ..Default::default()
    }
}

fn badge(b: badges_store::Badge) -> pb::Badge {
    pb::Badge {
        id: b.id,
        name: b.name,
        image: b.image,
        description: b.description,
        is_active: b.is_active,
        rule: b.rule as i32,
        threshold: b.threshold,
        awarded_count: b.awarded_count,
        created_at: b.created_at,
        updated_at: b.updated_at,
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
        let (items, total) =
            self.list_donors(&ListQuery { page: common::wire::page(r.page), is_active: r.is_active }).await?;
        Ok(Response::new(pb::DonorPage { items: items.into_iter().map(donor).collect(), total }))
    }

    async fn find_donors(&self, r: Request<pc::FindRequest>) -> R<pb::FoundDonors> {
        let found = self.find_donors(&common::wire::find(r.into_inner())?).await?;
        Ok(Response::new(pb::FoundDonors { items: found.into_iter().map(donor).collect() }))
    }

    // ---- Transactions, subscriptions, settings, badges, figures ----

    async fn donor_details(&self, r: Request<pb::DonorRef>) -> R<pb::DonorDetail> {
        let d = self.donor_details(&r.into_inner().id).await?;
        Ok(Response::new(pb::DonorDetail {
            donor: Some(donor(d.donor)),
            badges: d
                .badges
                .into_iter()
                .map(|b| pb::EarnedBadge {
                    badge_id: b.badge_id,
                    name: b.name,
                    image: b.image,
                    awarded_at: b.awarded_at,
                })
                .collect(),
            recent_transactions: d.recent_transactions.into_iter().map(transaction).collect(),
            subscriptions: d.subscriptions.into_iter().map(subscription).collect(),
        }))
    }

    async fn record_donation(&self, r: Request<pb::RecordDonationRequest>) -> R<pb::Transaction> {
        let r = r.into_inner();
        let input = donations::DonationInput {
            donor_id: r.donor_id,
            recipient: recipient(r.recipient),
            amount_cents: r.amount_cents,
            currency: r.currency,
            payment_method: r.payment_method,
            provider_reference: r.provider_reference,
            status: r.status,
            created_at: r.created_at,
        };
        Ok(Response::new(transaction(self.record_donation(&input, &actor(r.actor)).await?)))
    }

    async fn refund_transaction(&self, r: Request<pb::TransactionRef>) -> R<pb::Transaction> {
        let r = r.into_inner();
        Ok(Response::new(transaction(self.refund_transaction(&r.id, &actor(r.actor)).await?)))
    }

    async fn get_transaction(&self, r: Request<pb::TransactionRef>) -> R<pb::Transaction> {
        Ok(Response::new(transaction(self.get_transaction(&r.into_inner().id).await?)))
    }

    async fn list_transactions(&self, r: Request<pb::ListTransactionsRequest>) -> R<pb::TransactionPage> {
        let r = r.into_inner();
        let as_json = r.items_as_json;
        let crate::tx_index::TxPage { items, total, total_capped } = self.list_transactions(&tx_query(r)).await?;
        let (items, items_json) = common::wire::items_or_json(items.into_iter().map(transaction).collect(), as_json)?;
        Ok(Response::new(pb::TransactionPage { items, total, total_capped, items_json }))
    }

    async fn find_transactions(&self, r: Request<pc::FindRequest>) -> R<pb::FoundTransactions> {
        let found = self.find_transactions(&common::wire::find(r.into_inner())?).await?;
        Ok(Response::new(pb::FoundTransactions { items: found.into_iter().map(transaction).collect() }))
    }

    type StreamTransactionsStream = Streamed<pb::Transaction>;

    async fn stream_transactions(&self, r: Request<pb::ListTransactionsRequest>) -> R<Self::StreamTransactionsStream> {
        let q = tx_query(r.into_inner());
        let me = self.clone();
        Ok(Response::new(export_stream(
            256,
            move |tx| async move { me.export_transactions(&q, tx).await },
            transaction,
        )))
    }

    async fn start_subscription(&self, r: Request<pb::StartSubscriptionRequest>) -> R<pb::Subscription> {
        let r = r.into_inner();
        let input = subscriptions::SubscriptionInput {
            donor_id: r.donor_id,
            recipient: recipient(r.recipient),
            amount_cents: r.amount_cents,
            currency: r.currency,
            interval: r.interval,
            started_at: r.started_at,
        };
        Ok(Response::new(subscription(self.start_subscription(&input, &actor(r.actor)).await?)))
    }

    async fn cancel_subscription(&self, r: Request<pb::SubscriptionRef>) -> R<pb::Subscription> {
        let r = r.into_inner();
        Ok(Response::new(subscription(self.cancel_subscription(&r.id, &actor(r.actor)).await?)))
    }

    async fn charge_subscription(&self, r: Request<pb::ChargeSubscriptionRequest>) -> R<pb::Transaction> {
        let r = r.into_inner();
        let input = donations::ChargeInput {
            subscription_id: r.subscription_id,
            payment_method: r.payment_method,
            provider_reference: r.provider_reference,
            charged_at: r.charged_at,
        };
        Ok(Response::new(transaction(self.charge_subscription(&input, &actor(r.actor)).await?)))
    }

    async fn list_donor_totals(&self, r: Request<pb::ListDonorTotalsRequest>) -> R<pb::DonorTotalsPage> {
        let r = r.into_inner();
        let (items, total) = self.list_donor_totals(&common::wire::page(r.page), r.subscribed).await?;
        let items = items
            .into_iter()
            .map(|t| pb::DonorTotalsRow {
                id: format!("{}:{}", t.donor_id, t.recipient_id),
                donor_id: t.donor_id,
                first_name: t.first_name,
                last_name: t.last_name,
                name: t.name,
                email: t.email,
                phone_number: t.phone_number,
                subscribed_donor_count: t.subscribed_donor_count,
                total_amount: fees::dollars(t.total_amount_cents),
                total_amount_cents: t.total_amount_cents,
            })
            .collect();
        Ok(Response::new(pb::DonorTotalsPage { items, total }))
    }

    async fn get_settings(&self, _r: Request<pb::Empty>) -> R<pb::Settings> {
        Ok(Response::new(settings(self.get_settings().await?)))
    }

    async fn update_settings(&self, r: Request<pb::UpdateSettingsRequest>) -> R<pb::Settings> {
        let r = r.into_inner();
        Ok(Response::new(settings(
            self.update_settings(r.service_charge_bp, r.processing_fee_bp, &actor(r.actor)).await?,
        )))
    }

    async fn create_badge(&self, r: Request<pb::CreateBadgeRequest>) -> R<pb::Badge> {
        let r = r.into_inner();
        Ok(Response::new(badge(self.create_badge(&badge_input(r.input), &actor(r.actor)).await?)))
    }

    async fn list_badges(&self, r: Request<pb::ListBadgesRequest>) -> R<pb::BadgePage> {
        let (items, total) = self.list_badges(&common::wire::page(r.into_inner().page)).await?;
        Ok(Response::new(pb::BadgePage { items: items.into_iter().map(badge).collect(), total }))
    }

    async fn get_badge(&self, r: Request<pb::BadgeRef>) -> R<pb::Badge> {
        Ok(Response::new(badge(self.get_badge(&r.into_inner().id).await?)))
    }

    async fn update_badge(&self, r: Request<pb::UpdateBadgeRequest>) -> R<pb::Badge> {
        let r = r.into_inner();
        Ok(Response::new(badge(self.update_badge(&r.id, &badge_input(r.input), &actor(r.actor)).await?)))
    }

    async fn delete_badge(&self, r: Request<pb::BadgeRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_badge(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn figures(&self, r: Request<pb::FiguresRequest>) -> R<pb::Figures> {
        let f = self.figures(r.into_inner().year).await?;
        Ok(Response::new(pb::Figures {
            donors: f.donors,
            active_donors: f.active_donors,
            donations: f.donations,
            amount_cents: f.amount_cents,
            active_subscriptions: f.active_subscriptions,
            approved_partners: f.approved_partners,
            pending_partners: f.pending_partners,
            months: f.months.into_iter().map(month_figures).collect(),
        }))
    }

    async fn donor_names(&self, r: Request<pb::DonorNamesRequest>) -> R<pb::DonorNamesReply> {
        let names = self.donor_names(&r.into_inner().ids).await?;
        Ok(Response::new(pb::DonorNamesReply { names: names.into_iter().collect() }))
    }

    async fn usage(&self, r: Request<pc::UsageRequest>) -> R<pc::UsageReply> {
        let r = r.into_inner();
        let items =
            self.usage(&r.kind, &r.id).await?.into_iter().map(|(what, count)| pc::Usage { what, count }).collect();
        Ok(Response::new(pc::UsageReply { items }))
    }

    async fn recipient_figures(&self, r: Request<pb::RecipientFiguresRequest>) -> R<pb::RecipientFigures> {
        let r = r.into_inner();
        let f = self.recipient_figures(&r.recipient_id, r.year).await?;
        Ok(Response::new(pb::RecipientFigures {
            donors: f.donors,
            donations: f.donations,
            amount_cents: f.amount_cents,
            active_subscriptions: f.active_subscriptions,
            months: f.months.into_iter().map(month_figures).collect(),
        }))
    }

    async fn count_donors(&self, r: Request<pb::CountDonorsRequest>) -> R<pb::DonorCount> {
        let recipients: Vec<gifts::Recipient> =
            r.into_inner().recipients.into_iter().map(|x| recipient(Some(x))).collect();
        Ok(Response::new(pb::DonorCount { count: self.count_donors(&recipients).await? }))
    }

    async fn donor_recipients(&self, r: Request<pb::DonorRef>) -> R<pb::DonorRecipientsReply> {
        let list = self.donor_recipients(&r.into_inner().id).await?;
        let recipients = list
            .into_iter()
            .map(|x| {
                let kind = match x.kind.as_str() {
                    "charity" => pb::RecipientKind::Charity,
                    "community" => pb::RecipientKind::Community,
                    "cause" => pb::RecipientKind::Cause,
                    _ => pb::RecipientKind::Unspecified,
                };
                pb::Recipient { kind: kind.into(), id: x.id, name: x.name }
            })
            .collect();
        Ok(Response::new(pb::DonorRecipientsReply { recipients }))
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
            ..Default::default()
        };
        Ok(Response::new(partner(self.apply_partner(&input, &actor(r.actor)).await?)))
    }

    async fn list_partners(&self, r: Request<pb::ListPartnersRequest>) -> R<pb::PartnerPage> {
        let r = r.into_inner();
        let (items, total) = self
            .list_partners(&crate::partners::PartnerQuery { page: common::wire::page(r.page), approved: r.approved })
            .await?;
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
        let p =
            self.change_partner_verification(&r.id, &r.admin_verification, &r.reject_reason, &actor(r.actor)).await?;
        Ok(Response::new(partner(p)))
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
