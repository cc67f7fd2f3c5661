//! What a record is made of: an event read into its parts (service, entity, verb, the
//! console module, the entity's id, the changes) and the record's hash.

use common::bus::Event;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// A record as stored (its seq, prev_hash and hash set when it is appended).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    pub id: String,
    pub seq: i64,
    pub event_id: String,
    pub event_type: String,
    pub service: String,
    pub entity: String,
    pub verb: String,
    pub module: String,
    pub entity_id: String,
    pub actor_id: String,
    pub account_type: String,
    pub address: String,
    /// JSON `{field: {before, after}}`.
    pub changes: String,
    /// JSON: the event's payload.
    pub payload: String,
    pub trace_id: String,
    pub occurred_at: i64,
    pub recorded_at: i64,
    pub prev_hash: String,
    pub hash: String,
}

/// The console module (SPEC section 6, a slug of proto/modules.json) of `<service>.<entity>`;
/// events of no module answer the service's name.
pub fn module_of(service: &str, entity: &str, payload: &Value) -> String {
    let slug = match (service, entity) {
        ("catalogue", "cause") => "/master/cause_management",
        ("catalogue", "category") => "/master/charity_category_management",
        ("catalogue", "charity") => "/master/charity_management",
        ("content", "faq") => "/category/FAQ",
        ("content", "faq_category") => "/category",
        ("content", "leadership") => "/content_management/leadership",
        ("content", "contact") => "/category/contact_form",
        ("content", "page") => {
            return match payload.get("pageKey").and_then(Value::as_str) {
                Some(k @ ("homepage" | "privacy_policy" | "terms_condition" | "about_us")) => {
                    format!("/content_management/{k}")
                }
                _ => "content".into(),
            };
        }
        ("engagement", "community" | "post") => "/community",
        ("engagement", "event") => "/event",
        ("engagement", "member") => {
            let in_event = payload.get("eventId").and_then(Value::as_str).is_some_and(|s| !s.is_empty());
            if in_event { "/event" } else { "/community" }
        }
        ("engagement", "report") => "/reporte_post",
        ("giving", "donor") => "/donor",
        ("giving", "transaction") => "/transaction",
        ("giving", "subscription") => "/subscribed_donor",
        ("giving", "settings") => "/manage_service_charges",
        ("giving", "badge") => "/badge",
        ("giving", "partner") => "/strategic",
        ("identity", "subadmin") => "/sub_admin",
        ("identity", "invitation") => "/master/charity_management",
        // A saved view belongs to the list it was saved on (a module slug).
        ("identity", "saved_view") => {
            return match payload.get("list").and_then(Value::as_str) {
                Some(list) if !list.is_empty() => list.to_string(),
                _ => "identity".into(),
            };
        }
        ("chat", "message" | "room") => "/chat",
        ("chat", "notification") => "/send_notification",
        _ => service,
    };
    slug.to_string()
}

fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for c in s.chars() {
        if c == '_' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The id of the entity an event is about: the payload's `id`, else `<entity>Id` (or `_id`,
/// `<entity>Key`, `pageKey`), else its first `…Id` field; empty when it names none (settings).
pub fn entity_id_of(entity: &str, payload: &Value) -> String {
    let Some(obj) = payload.as_object() else { return String::new() };
    let text = |k: &str| {
        obj.get(k).and_then(|v| match v {
            Value::String(s) if !s.is_empty() => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
    };
    let e = camel(entity);
    for k in ["id".to_string(), "_id".into(), format!("{e}Id"), format!("{e}Key"), "pageKey".into()] {
        if let Some(v) = text(&k) {
            return v;
        }
    }
    obj.keys().filter(|k| k.ends_with("Id")).find_map(|k| text(k)).unwrap_or_default()
}

/// The changes an event shows: an update's `changes`; for a creation every field after; for
/// a deletion every field before (without `changes`).
pub fn changes_of(verb: &str, payload: &Value) -> Value {
    if let Some(c) = payload.get("changes").filter(|c| c.as_object().is_some_and(|o| !o.is_empty())) {
        return c.clone();
    }
    let Some(obj) = payload.as_object() else { return Value::Object(Map::new()) };
    let created = matches!(
        verb,
        "created"
            | "received"
            | "applied"
            | "started"
            | "recorded"
            | "onboarded"
            | "imported"
            | "sent"
            | "uploaded"
            | "joined"
            | "commented"
            | "liked"
            | "awarded"
            | "charged"
            // back from the trash (issue 36): the record as it is again
            | "restored"
            | "saved"
    );
    // `trashed`: deleted by the console, restorable until purged (then `deleted`).
    let deleted = matches!(verb, "deleted" | "trashed" | "removed" | "cleared" | "left" | "unliked");
    let mut out = Map::new();
    if created || deleted {
        for (k, v) in obj {
            if k == "changes" {
                continue;
            }
            let (before, after) = if created { (Value::Null, v.clone()) } else { (v.clone(), Value::Null) };
            out.insert(k.clone(), serde_json::json!({ "before": before, "after": after }));
        }
    }
    Value::Object(out)
}

/// The trace id of a W3C `traceparent` (`00-<trace id>-<span id>-<flags>`).
pub fn trace_id_of(event: &Event) -> String {
    event.trace.get("traceparent").and_then(|t| t.split('-').nth(1)).unwrap_or_default().to_string()
}

impl Record {
    /// The record of `event` (seq and hashes still unset).
    pub fn of(event: &Event, recorded_at: i64) -> Self {
        let mut parts = event.event_type.splitn(3, '.');
        let service = parts.next().unwrap_or_default().to_string();
        let entity = parts.next().unwrap_or_default().to_string();
        let verb = parts.next().unwrap_or_default().to_string();
        Self {
            id: common::new_id(),
            seq: 0,
            event_id: event.id.clone(),
            event_type: event.event_type.clone(),
            module: module_of(&service, &entity, &event.payload),
            entity_id: entity_id_of(&entity, &event.payload),
            changes: changes_of(&verb, &event.payload).to_string(),
            payload: event.payload.to_string(),
            service,
            entity,
            verb,
            actor_id: event.actor.id.clone(),
            account_type: event.actor.account_type.clone(),
            address: event.actor.address.clone(),
            trace_id: trace_id_of(event),
            occurred_at: event.time,
            recorded_at,
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    /// SHA-256 (hex) over the previous record's hash and this record's canonical fields
    /// (one JSON array, in a fixed order, of the values as stored).
    pub fn compute_hash(&self) -> String {
        let canonical = serde_json::json!([
            self.prev_hash,
            self.seq,
            self.id,
            self.event_id,
            self.event_type,
            self.service,
            self.entity,
            self.verb,
            self.module,
            self.entity_id,
            self.actor_id,
            self.account_type,
            self.address,
            self.changes,
            self.payload,
            self.trace_id,
            self.occurred_at,
            self.recorded_at,
        ]);
        let mut h = Sha256::new();
        h.update(self.prev_hash.as_bytes());
        h.update(b"\n");
        h.update(canonical.to_string().as_bytes());
        hex::encode(h.finalize())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn entity_ids_modules_and_changes_are_read_from_each_kind_of_payload() {
        assert_eq!(entity_id_of("donor", &json!({"id": "d1", "email": "x"})), "d1");
        assert_eq!(entity_id_of("post", &json!({"postId": "p1", "commentId": "", "likesCount": 2})), "p1");
        assert_eq!(entity_id_of("page", &json!({"pageKey": "about_us", "revision": 3})), "about_us");
        assert_eq!(entity_id_of("badge", &json!({"badgeId": "b1", "donorId": "d"})), "b1");
        assert_eq!(entity_id_of("message", &json!({"roomId": "r1", "seq": 3})), "r1");
        assert_eq!(entity_id_of("settings", &json!({"serviceChargeBp": 1})), "");
        assert_eq!(module_of("content", "faq_category", &json!({})), "/category");
        assert_eq!(module_of("content", "page", &json!({"pageKey": "homepage"})), "/content_management/homepage");
        assert_eq!(module_of("engagement", "member", &json!({"eventId": "e"})), "/event");
        assert_eq!(module_of("tokens", "x", &json!({})), "tokens");
        assert_eq!(module_of("identity", "saved_view", &json!({"id": "v", "list": "/donor"})), "/donor");
        assert_eq!(module_of("identity", "saved_view", &json!({"id": "v"})), "identity");
        assert_eq!(changes_of("saved", &json!({"id": "v"})), json!({"id": {"before": null, "after": "v"}}));
        let c = changes_of("updated", &json!({"id": "1", "changes": {"name": {"before": "A", "after": "B"}}}));
        assert_eq!(c, json!({"name": {"before": "A", "after": "B"}}));
        assert_eq!(changes_of("created", &json!({"id": "1"})), json!({"id": {"before": null, "after": "1"}}));
        assert_eq!(changes_of("deleted", &json!({"id": "1"})), json!({"id": {"before": "1", "after": null}}));
        assert_eq!(changes_of("read", &json!({"id": "1"})), json!({}));
    }
}
