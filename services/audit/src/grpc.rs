//! The gRPC face of the audit service: translation only (the one module that maps between
//! proto and domain types).

use crate::record::Record;
use crate::service::{Audit, ListQuery};
use crate::store::Filter;
use proto::audit::v1 as pb;
use proto::audit::v1::audit_server::Audit as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn view(r: Record) -> pb::Record {
    pb::Record {
        id: r.id,
        seq: r.seq,
        event_id: r.event_id,
        event_type: r.event_type,
        service: r.service,
        entity: r.entity,
        verb: r.verb,
        module: r.module,
        entity_id: r.entity_id,
        actor_id: r.actor_id,
        account_type: r.account_type,
        address: r.address,
        changes: r.changes,
        payload: r.payload,
        trace_id: r.trace_id,
        occurred_at: r.occurred_at,
        recorded_at: r.recorded_at,
        prev_hash: r.prev_hash,
        hash: r.hash,
    }
}

#[tonic::async_trait]
impl Rpc for Audit {
    async fn list(&self, r: Request<pb::ListRequest>) -> R<pb::RecordPage> {
        let r = r.into_inner();
        let q = ListQuery {
            page: common::wire::page(r.page),
            filter: Filter {
                actor_id: r.actor_id,
                actor_ids: r.actor_ids,
                actor_text: r.actor_text.trim().to_string(),
                account_type: r.account_type,
                module: r.module,
                entity: r.entity,
                entity_id: r.entity_id.trim().to_string(),
                from: r.from,
                to: r.to,
                before_seq: r.before_seq,
            },
        };
        let (items, total) = Audit::list(self, &q).await?;
        Ok(Response::new(pb::RecordPage { items: items.into_iter().map(view).collect(), total }))
    }

    async fn get(&self, r: Request<pb::RecordRef>) -> R<pb::Record> {
        Ok(Response::new(view(Audit::get(self, &r.into_inner().id).await?)))
    }

    async fn verify(&self, _: Request<pb::Empty>) -> R<pb::Verification> {
        let v = Audit::verify(self).await?;
        Ok(Response::new(pb::Verification {
            ok: v.ok,
            checked: v.checked,
            first_broken_seq: v.first_broken_seq,
            reason: v.reason,
        }))
    }

    async fn modules(&self, _: Request<pb::Empty>) -> R<pb::ModulesAnswer> {
        let (modules, entities) = Audit::modules(self).await?;
        Ok(Response::new(pb::ModulesAnswer { modules, entities }))
    }
}
