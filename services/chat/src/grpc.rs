//! The gRPC face of the chat service: translation only (the one module that maps between
//! proto and domain types).

use crate::messages::{Marked, SendInput};
use crate::messages_store::{Message, Person};
use crate::notifications::NotificationInput;
use crate::notifications_store::{NamedRef, Notification};
use crate::rooms::DonorInfo;
use crate::rooms_store::Room;
use crate::service::{Caller, Chat};
use common::error::Error;
use common::wire::actor;
use proto::chat::v1 as pb;
use proto::chat::v1::chat_server::Chat as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

/// The caller of a room call: a member when `member_id` is set (its own room only), else
/// the side named (the member side needs a member id).
fn caller(side: pb::Side, member_id: &str) -> Result<Caller, Status> {
    let member_id = member_id.trim();
    match (side, member_id.is_empty()) {
        (pb::Side::Member, true) => Err(Error::field("memberId", "Please select a user").into()),
        (_, false) => Ok(Caller::Member(member_id.to_string())),
        _ => Ok(Caller::Admin),
    }
}

fn donor_info(u: Option<pb::RoomUser>) -> Option<DonorInfo> {
    u.map(|u| DonorInfo { name: u.name, email: u.email, avatar: u.avatar })
}

fn person(p: Person) -> pb::Person {
    pb::Person { id: p.id, r#type: p.kind, name: p.name, avatar: p.avatar }
}

fn message(m: Message) -> pb::Message {
    pb::Message {
        id: m.id,
        room_id: m.room_id,
        seq: m.seq,
        sender: Some(person(m.sender)),
        text: m.text,
        image: m.image,
        client_id: m.client_id,
        created_at: m.created_at,
        delivered_at: m.delivered_at,
        read_at: m.read_at,
    }
}

fn room(r: Room) -> pb::Room {
    pb::Room {
        id: r.id,
        user: Some(pb::RoomUser {
            id: r.user.id,
            name: r.user.name,
            email: r.user.email,
            avatar: r.user.avatar,
            is_deleted: r.user.is_deleted,
        }),
        last_message: r.last_message.map(message),
        last_message_at: r.last_message_at,
        unread: r.admin_unread,
        online: false,
        created_at: r.created_at,
        last_seq: r.last_seq,
        member_unread: r.member_unread,
        admin_read_seq: r.admin_read_seq,
        member_read_seq: r.member_read_seq,
        admin_delivered_seq: r.admin_delivered_seq,
        member_delivered_seq: r.member_delivered_seq,
        admin_cleared_seq: r.admin_cleared_seq,
    }
}

fn named(r: NamedRef) -> pb::NamedRef {
    pb::NamedRef { id: r.id, name: r.name }
}

fn notification(n: Notification) -> pb::Notification {
    pb::Notification {
        id: n.id,
        title: n.title,
        message: n.message,
        audience: n.audience,
        charities: n.charities.into_iter().map(named).collect(),
        causes: n.causes.into_iter().map(named).collect(),
        sender: Some(pb::Sender { id: n.sender_id, name: n.sender_name }),
        reach: n.reach,
        created_at: n.created_at,
    }
}

fn marked(m: Marked) -> pb::MarkReply {
    pb::MarkReply { room: Some(room(m.room)), seq: m.seq, at: m.at, moved: m.moved }
}

fn messages((items, has_more): (Vec<Message>, bool)) -> pb::MessageList {
    pb::MessageList { items: items.into_iter().map(message).collect(), has_more }
}

#[tonic::async_trait]
impl Rpc for Chat {
    async fn open_room(&self, r: Request<pb::OpenRoomRequest>) -> R<pb::Room> {
        let r = r.into_inner();
        let done = self.open_room(&r.user_id, donor_info(r.user).as_ref(), &actor(r.actor)).await?;
        Ok(Response::new(room(done)))
    }

    async fn get_room(&self, r: Request<pb::RoomRef>) -> R<pb::Room> {
        Ok(Response::new(room(self.get_room(&r.into_inner().id, &Caller::Admin).await?)))
    }

    async fn list_rooms(&self, r: Request<pb::ListRoomsRequest>) -> R<pb::RoomPage> {
        let p = common::wire::page(r.into_inner().page);
        let (items, total) = self.list_rooms(p.page, p.limit, &p.search).await?;
        Ok(Response::new(pb::RoomPage { items: items.into_iter().map(room).collect(), total }))
    }

    async fn unread_total(&self, _r: Request<pb::Empty>) -> R<pb::UnreadTotalReply> {
        let (rooms, messages) = self.unread_total().await?;
        Ok(Response::new(pb::UnreadTotalReply { rooms, messages }))
    }

    async fn room_of_member(&self, r: Request<pb::MemberRef>) -> R<pb::Room> {
        let r = r.into_inner();
        let done = self.room_of_member(&r.member_id, donor_info(r.user).as_ref(), &actor(r.actor)).await?;
        Ok(Response::new(room(done)))
    }

    async fn clear_history(&self, r: Request<pb::ClearHistoryRequest>) -> R<pb::Room> {
        let r = r.into_inner();
        Ok(Response::new(room(self.clear_history(&r.room_id, &actor(r.actor)).await?)))
    }

    async fn history(&self, r: Request<pb::HistoryRequest>) -> R<pb::MessageList> {
        let r = r.into_inner();
        let who = caller(r.side(), &r.member_id)?;
        Ok(Response::new(messages(self.history(&r.room_id, &who, r.before, r.limit).await?)))
    }

    async fn missed(&self, r: Request<pb::MissedRequest>) -> R<pb::MessageList> {
        let r = r.into_inner();
        let who = caller(r.side(), &r.member_id)?;
        Ok(Response::new(messages(self.missed(&r.room_id, &who, r.after, r.limit).await?)))
    }

    async fn send(&self, r: Request<pb::SendRequest>) -> R<pb::SendReply> {
        let r = r.into_inner();
        let who = caller(r.side(), &r.member_id)?;
        let s = r.sender.unwrap_or_default();
        let input = SendInput {
            room_id: r.room_id,
            sender: Person { id: s.id, kind: s.r#type, name: s.name, avatar: s.avatar },
            text: r.text,
            image: r.image,
            client_id: r.client_id,
        };
        let sent = self.send(&input, &who, &actor(r.actor)).await?;
        Ok(Response::new(pb::SendReply {
            message: Some(message(sent.message)),
            room: Some(room(sent.room)),
            created: sent.created,
        }))
    }

    async fn mark_read(&self, r: Request<pb::MarkRequest>) -> R<pb::MarkReply> {
        let r = r.into_inner();
        let who = caller(r.side(), &r.member_id)?;
        Ok(Response::new(marked(self.mark_read(&r.room_id, &who, r.seq, &actor(r.actor)).await?)))
    }

    async fn mark_delivered(&self, r: Request<pb::MarkRequest>) -> R<pb::MarkReply> {
        let r = r.into_inner();
        let who = caller(r.side(), &r.member_id)?;
        Ok(Response::new(marked(self.mark_delivered(&r.room_id, &who, r.seq, &actor(r.actor)).await?)))
    }

    async fn send_notification(&self, r: Request<pb::SendNotificationRequest>) -> R<pb::Notification> {
        let r = r.into_inner();
        let sender = r.sender.unwrap_or_default();
        let refs = |v: Vec<pb::NamedRef>| v.into_iter().map(|x| NamedRef { id: x.id, name: x.name }).collect();
        let input = NotificationInput {
            title: r.title,
            message: r.message,
            audience: r.audience,
            charities: refs(r.charities),
            causes: refs(r.causes),
            sender_id: sender.id,
            sender_name: sender.name,
            reach: r.reach,
            ..Default::default()
        };
        Ok(Response::new(notification(self.send_notification(&input, &actor(r.actor)).await?)))
    }

    async fn list_notifications(&self, r: Request<pb::ListNotificationsRequest>) -> R<pb::NotificationPage> {
        let (items, total) = self.list_notifications(&common::wire::page(r.into_inner().page)).await?;
        Ok(Response::new(pb::NotificationPage { items: items.into_iter().map(notification).collect(), total }))
    }

    async fn member_notifications(&self, r: Request<pb::MemberNotificationsRequest>) -> R<pb::MemberNotificationPage> {
        let r = r.into_inner();
        let p = r.page.unwrap_or_default();
        let recipients: Vec<String> =
            r.recipients.into_iter().filter(|x| x.kind == "charity" || x.kind == "cause").map(|x| x.id).collect();
        let (items, total) = self.member_notifications(&r.member_id, &recipients, p.page, p.limit).await?;
        let items = items
            .into_iter()
            .map(|(n, read)| pb::MemberNotification { notification: Some(notification(n)), read })
            .collect();
        Ok(Response::new(pb::MemberNotificationPage { items, total }))
    }

    async fn mark_notification_read(&self, r: Request<pb::MarkNotificationReadRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.mark_notification_read(&r.member_id, &r.notification_id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }
}
