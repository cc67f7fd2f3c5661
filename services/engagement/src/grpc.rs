//! The gRPC face of the engagement service: translation only (the one module that maps
//! between proto and domain types).

use crate::calendar::{EventInput, EventQuery};
use crate::calendar_store;
use crate::comments_store;
use crate::communities::{CommunityInput, CommunityQuery};
use crate::communities_store;
use crate::posts::{LikeResult, PostQuery};
use crate::posts_store;
use crate::reports::ReportedPost;
use crate::reports_store;
use crate::service::{DonorRef, Engagement};
use crate::store;
use common::grpc::{Streamed, export_stream};
use common::location::Location;
use common::wire::{actor, trash_entry, trash_page, trash_query};
use proto::common::v1 as pc;
use proto::engagement::v1 as pb;
use proto::engagement::v1::engagement_server::Engagement as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn donor_ref(d: Option<pb::DonorRef>) -> Option<DonorRef> {
    d.map(|d| DonorRef { id: d.id, name: d.name, email: d.email, avatar: d.avatar })
}

fn person(p: store::Person) -> pb::Person {
    pb::Person { id: p.id, r#type: p.kind, name: p.name, avatar: p.avatar }
}

fn community_input(i: Option<pb::CommunityInput>) -> CommunityInput {
    let i = i.unwrap_or_default();
    CommunityInput {
        name: i.name,
        description: i.description,
        cover_image: i.cover_image,
        gallery: i.gallery,
        charity_ids: i.charity_ids,
        cause_ids: i.cause_ids,
        privacy: i.privacy,
        location: common::located!(i => Location {}),
        ..Default::default()
    }
}

fn community(c: communities_store::Community) -> pb::Community {
    common::located!(c.location => pb::Community {
        id: c.id,
        name: c.name,
        description: c.description,
        cover_image: c.cover_image,
        gallery: c.gallery,
        charity_ids: c.charity_ids,
        cause_ids: c.cause_ids,
        charities: Vec::new(),
        causes: Vec::new(),
        privacy: c.privacy,
        creator: Some(person(c.creator)),
        members_count: c.members_count,
        posts_count: c.posts_count,
        is_hidden: c.is_hidden,
        is_deleted: c.is_deleted,
        deleted_at: c.deleted_at,
        created_at: c.created_at,
        updated_at: c.updated_at,
    })
}

fn community_member(m: communities_store::CommunityMember) -> pb::CommunityMember {
    pb::CommunityMember {
        id: m.id,
        donor_id: m.donor_id,
        name: m.name,
        email: m.email,
        avatar: m.avatar,
        joined_at: m.joined_at,
    }
}

fn event_input(i: Option<pb::EventInput>) -> EventInput {
    let i = i.unwrap_or_default();
    EventInput {
        title: i.title,
        description: i.description,
        images: i.images,
        video: i.video,
        starts_at: i.starts_at,
        ends_at: i.ends_at,
        time_zone: i.time_zone,
        is_online: i.is_online,
        online_link: i.online_link,
        host_type: i.host_type,
        host_id: i.host_id,
        host_name: i.host_name,
        capacity: i.capacity,
        location: common::located!(i => Location {}),
        ..Default::default()
    }
}

fn event(e: calendar_store::Event) -> pb::Event {
    common::located!(e.location => pb::Event {
        id: e.id,
        title: e.title,
        description: e.description,
        images: e.images,
        video: e.video,
        starts_at: e.starts_at,
        ends_at: e.ends_at,
        time_zone: e.time_zone,
        is_online: e.is_online,
        online_link: e.online_link,
        host_type: e.host_type,
        host_id: e.host_id,
        host_name: e.host_name,
        capacity: e.capacity,
        interested_count: e.interested_count,
        going_count: e.going_count,
        not_going_count: e.not_going_count,
        is_deleted: e.is_deleted,
        deleted_at: e.deleted_at,
        created_at: e.created_at,
        updated_at: e.updated_at,
    })
}

fn event_member(m: calendar_store::EventMember) -> pb::EventMember {
    pb::EventMember {
        id: m.id,
        donor_id: m.donor_id,
        name: m.name,
        email: m.email,
        avatar: m.avatar,
        status: m.status,
        joined_at: m.joined_at,
    }
}

fn post(p: posts_store::Post) -> pb::Post {
    pb::Post {
        id: p.id,
        community_id: p.community_id,
        community_name: p.community_name,
        author: Some(person(p.author)),
        text: p.text,
        images: p.images,
        likes_count: p.likes_count,
        comments_count: p.comments_count,
        reports_count: p.reports_count,
        is_active: p.is_active,
        liked_by_admin: p.liked_by_admin,
        created_at: p.created_at,
    }
}

fn comment(c: comments_store::Comment) -> pb::Comment {
    pb::Comment {
        id: c.id,
        post_id: c.post_id,
        parent_id: c.parent_id,
        author: Some(person(c.author)),
        text: c.text,
        likes_count: c.likes_count,
        liked_by_admin: c.liked_by_admin,
        created_at: c.created_at,
        replies_count: c.replies_count,
        replies: c.replies.into_iter().map(comment).collect(),
    }
}

fn like(l: LikeResult) -> pb::LikeResult {
    pb::LikeResult { liked: l.liked, likes_count: l.likes_count }
}

fn report(r: reports_store::Report) -> pb::Report {
    pb::Report { id: r.id, reporter: Some(person(r.reporter)), reason: r.reason, created_at: r.created_at }
}

fn reported(r: ReportedPost) -> pb::ReportedPost {
    pb::ReportedPost {
        id: r.post.id.clone(),
        community_name: r.post.community_name.clone(),
        reports_count: r.post.reports_count,
        last_reported_at: r.post.last_reported_at,
        post: Some(post(r.post)),
        reasons: r.reasons.into_iter().map(report).collect(),
    }
}

#[tonic::async_trait]
impl Rpc for Engagement {
    async fn create_community(&self, r: Request<pb::CreateCommunityRequest>) -> R<pb::Community> {
        let r = r.into_inner();
        Ok(Response::new(community(self.create_community(&community_input(r.input), &actor(r.actor)).await?)))
    }

    async fn update_community(&self, r: Request<pb::UpdateCommunityRequest>) -> R<pb::Community> {
        let r = r.into_inner();
        Ok(Response::new(community(self.update_community(&r.id, &community_input(r.input), &actor(r.actor)).await?)))
    }

    async fn get_community(&self, r: Request<pb::CommunityRef>) -> R<pb::Community> {
        Ok(Response::new(community(self.get_community(&r.into_inner().id).await?)))
    }

    async fn list_communities(&self, r: Request<pb::ListCommunitiesRequest>) -> R<pb::CommunityPage> {
        let r = r.into_inner();
        let q = CommunityQuery { page: common::wire::page(r.page), is_deleted: r.is_deleted, is_hidden: r.is_hidden };
        let (items, total) = self.list_communities(&q).await?;
        Ok(Response::new(pb::CommunityPage { items: items.into_iter().map(community).collect(), total }))
    }

    async fn find_communities(&self, r: Request<pc::FindRequest>) -> R<pb::FoundCommunities> {
        let found = self.find_communities(&common::wire::find(r.into_inner())?).await?;
        Ok(Response::new(pb::FoundCommunities { items: found.into_iter().map(community).collect() }))
    }

    async fn set_community_deleted(&self, r: Request<pb::SetCommunityDeletedRequest>) -> R<pb::Community> {
        let r = r.into_inner();
        Ok(Response::new(community(self.set_community_deleted(&r.id, r.is_deleted, &actor(r.actor)).await?)))
    }

    async fn set_community_hidden(&self, r: Request<pb::SetCommunityHiddenRequest>) -> R<pb::Community> {
        let r = r.into_inner();
        Ok(Response::new(community(self.set_community_hidden(&r.id, r.is_hidden, &actor(r.actor)).await?)))
    }

    async fn list_community_members(&self, r: Request<pb::ListCommunityMembersRequest>) -> R<pb::CommunityMemberPage> {
        let r = r.into_inner();
        let (items, total) = self.list_community_members(&r.community_id, &common::wire::page(r.page)).await?;
        Ok(Response::new(pb::CommunityMemberPage { items: items.into_iter().map(community_member).collect(), total }))
    }

    async fn create_event(&self, r: Request<pb::CreateEventRequest>) -> R<pb::Event> {
        let r = r.into_inner();
        Ok(Response::new(event(self.create_event(&event_input(r.input), &actor(r.actor)).await?)))
    }

    async fn update_event(&self, r: Request<pb::UpdateEventRequest>) -> R<pb::Event> {
        let r = r.into_inner();
        Ok(Response::new(event(self.update_event(&r.id, &event_input(r.input), &actor(r.actor)).await?)))
    }

    async fn get_event(&self, r: Request<pb::EventRef>) -> R<pb::Event> {
        Ok(Response::new(event(self.get_event(&r.into_inner().id).await?)))
    }

    async fn list_events(&self, r: Request<pb::ListEventsRequest>) -> R<pb::EventPage> {
        let r = r.into_inner();
        let q = EventQuery { page: common::wire::page(r.page), filter: r.filter, now: r.now };
        let (items, total) = self.list_events(&q).await?;
        Ok(Response::new(pb::EventPage { items: items.into_iter().map(event).collect(), total }))
    }

    async fn find_events(&self, r: Request<pc::FindRequest>) -> R<pb::FoundEvents> {
        let found = self.find_events(&common::wire::find(r.into_inner())?).await?;
        Ok(Response::new(pb::FoundEvents { items: found.into_iter().map(event).collect() }))
    }

    async fn set_event_deleted(&self, r: Request<pb::SetEventDeletedRequest>) -> R<pb::Event> {
        let r = r.into_inner();
        Ok(Response::new(event(self.set_event_deleted(&r.id, r.is_deleted, &actor(r.actor)).await?)))
    }

    async fn list_event_members(&self, r: Request<pb::ListEventMembersRequest>) -> R<pb::EventMembersPage> {
        let r = r.into_inner();
        let (e, items, total) = self.list_event_members(&r.event_id, r.status, &common::wire::page(r.page)).await?;
        Ok(Response::new(pb::EventMembersPage {
            event: Some(event(e)),
            items: items.into_iter().map(event_member).collect(),
            total,
        }))
    }

    async fn remove_event_member(&self, r: Request<pb::RemoveEventMemberRequest>) -> R<pb::RemovedMember> {
        let r = r.into_inner();
        Ok(Response::new(pb::RemovedMember { status: self.remove_event_member(&r.id, &actor(r.actor)).await? }))
    }

    type StreamEventMembersStream = Streamed<pb::EventMember>;

    async fn stream_event_members(&self, r: Request<pb::EventRef>) -> R<Self::StreamEventMembersStream> {
        let id = r.into_inner().id;
        // Unknown event: answered at once, before the stream starts.
        self.get_event(&id).await?;
        let me = self.clone();
        Ok(Response::new(export_stream(
            1024,
            move |tx| async move { me.export_event_members(&id, tx).await },
            event_member,
        )))
    }

    async fn list_posts(&self, r: Request<pb::ListPostsRequest>) -> R<pb::PostPage> {
        let r = r.into_inner();
        let q = PostQuery { page: common::wire::page(r.page), community_id: r.community_id, inactive: r.inactive };
        let (items, total) = self.list_posts(&q).await?;
        Ok(Response::new(pb::PostPage { items: items.into_iter().map(post).collect(), total }))
    }

    async fn get_post(&self, r: Request<pb::PostRef>) -> R<pb::Post> {
        Ok(Response::new(post(self.get_post(&r.into_inner().id).await?)))
    }

    async fn set_post_active(&self, r: Request<pb::SetPostActiveRequest>) -> R<pb::Post> {
        let r = r.into_inner();
        Ok(Response::new(post(self.set_post_active(&r.id, r.is_active, &actor(r.actor)).await?)))
    }

    async fn like_post(&self, r: Request<pb::LikeRequest>) -> R<pb::LikeResult> {
        let r = r.into_inner();
        let d = donor_ref(r.donor);
        Ok(Response::new(like(self.like_post(&r.id, d.as_ref(), r.liked, &actor(r.actor)).await?)))
    }

    async fn add_comment(&self, r: Request<pb::AddCommentRequest>) -> R<pb::Comment> {
        let r = r.into_inner();
        let d = donor_ref(r.donor);
        Ok(Response::new(comment(self.add_comment(&r.post_id, &r.text, d.as_ref(), &actor(r.actor)).await?)))
    }

    async fn add_reply(&self, r: Request<pb::AddReplyRequest>) -> R<pb::Comment> {
        let r = r.into_inner();
        let d = donor_ref(r.donor);
        Ok(Response::new(comment(self.add_reply(&r.comment_id, &r.text, d.as_ref(), &actor(r.actor)).await?)))
    }

    async fn list_comments(&self, r: Request<pb::ListCommentsRequest>) -> R<pb::CommentPage> {
        let r = r.into_inner();
        let (items, total) = self.list_comments(&r.post_id, &common::wire::page(r.page)).await?;
        Ok(Response::new(pb::CommentPage { items: items.into_iter().map(comment).collect(), total }))
    }

    async fn like_comment(&self, r: Request<pb::LikeRequest>) -> R<pb::LikeResult> {
        let r = r.into_inner();
        let d = donor_ref(r.donor);
        Ok(Response::new(like(self.like_comment(&r.id, d.as_ref(), r.liked, &actor(r.actor)).await?)))
    }

    async fn list_reported_posts(&self, r: Request<pb::ListReportedPostsRequest>) -> R<pb::ReportedPostPage> {
        let (items, total) = self.list_reported_posts(&common::wire::page(r.into_inner().page)).await?;
        Ok(Response::new(pb::ReportedPostPage { items: items.into_iter().map(reported).collect(), total }))
    }

    async fn delete_post(&self, r: Request<pb::PostRef>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_post(&r.id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
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

    async fn nonprofit_figures(&self, r: Request<pb::NonprofitFiguresRequest>) -> R<pb::NonprofitFigures> {
        let f = Engagement::nonprofit_figures(self, &r.into_inner().charity_id).await?;
        Ok(Response::new(pb::NonprofitFigures {
            events: f.events,
            upcoming_events: f.upcoming_events,
            communities: f.communities,
            community_members: f.community_members,
        }))
    }

    async fn join_community(&self, r: Request<pb::JoinCommunityRequest>) -> R<pb::CommunityMember> {
        let r = r.into_inner();
        let d = donor_ref(r.donor).unwrap_or_default();
        Ok(Response::new(community_member(self.join_community(&r.community_id, &d, &actor(r.actor)).await?)))
    }

    async fn leave_community(&self, r: Request<pb::LeaveCommunityRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.leave_community(&r.community_id, &r.donor_id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn join_event(&self, r: Request<pb::JoinEventRequest>) -> R<pb::EventMember> {
        let r = r.into_inner();
        let d = donor_ref(r.donor).unwrap_or_default();
        Ok(Response::new(event_member(self.join_event(&r.event_id, &d, r.status, &actor(r.actor)).await?)))
    }

    async fn leave_event(&self, r: Request<pb::LeaveEventRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.leave_event(&r.event_id, &r.donor_id, &actor(r.actor)).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn create_post(&self, r: Request<pb::CreatePostRequest>) -> R<pb::Post> {
        let r = r.into_inner();
        let d = donor_ref(r.donor).unwrap_or_default();
        Ok(Response::new(post(self.create_post(&r.community_id, &d, &r.text, &r.images, &actor(r.actor)).await?)))
    }

    async fn report_post(&self, r: Request<pb::ReportPostRequest>) -> R<pb::Report> {
        let r = r.into_inner();
        let d = donor_ref(r.donor).unwrap_or_default();
        Ok(Response::new(report(self.report_post(&r.post_id, &d, &r.reason, &actor(r.actor)).await?)))
    }
}
