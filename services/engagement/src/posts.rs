//! Posts, comments (one level of replies) and likes: the console's feeds (capped at 100 rows a
//! page), activate/deactivate, and the admin's likes, comments and replies as the platform's
//! account; the app side's posts, comments, replies and likes as a donor.

use crate::comments_store::{self, Comment};
use crate::communities_store;
use crate::events;
use crate::posts_store::{self, Post, PostFilter, Target};
use crate::service::{DonorRef, Engagement, MAX_PAGE_ROWS, capped, checked, keep_donor, names, required};
use crate::store::{self, Person};
use common::Actor;
use common::error::{Error, Result};
use common::paging::Page;
use sqlx::AnyConnection;

pub const NOT_FOUND: &str = "Post not found";
pub const COMMENT_NOT_FOUND: &str = "Comment not found";
pub const MAX_TEXT: usize = 1000;
pub const MAX_POST_TEXT: usize = 5000;
pub const MAX_IMAGES: usize = 10;
/// The replies a top-level comment carries in a list (oldest first).
pub const LIST_REPLIES: i64 = 20;

pub(crate) fn not_found() -> Error {
    Error::NotFound(NOT_FOUND.into())
}

/// A post list query: one community's (or every community's when empty), active or inactive.
#[derive(Debug, Clone, Default)]
pub struct PostQuery {
    pub page: Page,
    pub community_id: String,
    pub inactive: bool,
}

/// Whether it is liked afterwards, and the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LikeResult {
    pub liked: bool,
    pub likes_count: i64,
}

/// The account that acts: the donor an app call names, or the platform's admin account.
async fn account(c: &mut AnyConnection, donor: Option<&DonorRef>) -> Result<String> {
    match donor {
        Some(d) => keep_donor(c, d).await,
        None => Ok(store::PLATFORM.to_string()),
    }
}

/// A comment or reply (404 'Comment not found' when absent).
async fn comment_of(c: &mut AnyConnection, id: &str) -> Result<Comment> {
    comments_store::get_comment(c, id.trim()).await?.ok_or_else(|| Error::NotFound(COMMENT_NOT_FOUND.into()))
}

/// A post that is not deleted.
pub(crate) async fn live_post(c: &mut AnyConnection, id: &str) -> Result<Post> {
    posts_store::get_post(c, id.trim()).await?.filter(|p| !p.is_deleted).ok_or_else(not_found)
}

impl Engagement {
    /// Newest first; a page holds at most 100 rows whatever limit is asked (page N is rows
    /// (N-1)*min(limit,100)...), the total counts them all.
    pub async fn list_posts(&self, q: &PostQuery) -> Result<(Vec<Post>, i64)> {
        let (limit, offset, search) = checked(|check| capped(&q.page, check))?;
        let f = PostFilter { community_id: q.community_id.trim().to_string(), active: !q.inactive, search };
        let limit = limit.min(MAX_PAGE_ROWS);
        let mut c = self.read().await?;
        if !f.community_id.is_empty() {
            let state = posts_store::feed_state(&mut c, &f.community_id)
                .await?
                .ok_or_else(|| Error::NotFound(crate::communities::NOT_FOUND.into()))?;
            if f.search.is_empty()
                && let Some(page) = self.deep_page(&mut c, &f, state, limit, offset).await?
            {
                return Ok((page, state.total(f.active)));
            }
        }
        Ok(posts_store::list_posts(&mut c, &f, limit, offset).await?)
    }

    /// A deep page of a community's feed (`offset` at least two anchor steps), walked from the
    /// nearest anchor below it counted from the oldest post: positions from that end stay put
    /// while new posts arrive at the newest end, so the anchors last until the feed's version
    /// moves. None: not deep, or past the end (the plain walk answers).
    async fn deep_page(
        &self,
        c: &mut sqlx::AnyConnection,
        f: &posts_store::PostFilter,
        state: posts_store::FeedState,
        limit: i64,
        offset: i64,
    ) -> Result<Option<Vec<Post>>> {
        let total = state.total(f.active);
        if offset < 2 * posts_store::FEED_STEP || offset >= total {
            return Ok(None);
        }
        // The page's oldest post, counted from the feed's oldest (0-based), and how many rows
        // the page holds (the last page may be short).
        let lowest = (total - offset - limit).max(0);
        let rows = total - offset - lowest;
        let key = (f.community_id.clone(), f.active);
        let cached = self
            .anchors
            .lock()
            .expect("feed anchors")
            .get(&key)
            .filter(|(v, _)| *v == state.version)
            .map(|(_, a)| a.clone());
        let anchors = match cached {
            Some(a) => a,
            None => {
                let a = std::sync::Arc::new(posts_store::feed_anchors(c, &f.community_id, f.active).await?);
                let mut all = self.anchors.lock().expect("feed anchors");
                if all.len() >= 1000 {
                    all.clear();
                }
                all.insert(key, (state.version, a.clone()));
                a
            }
        };
        let k = lowest / posts_store::FEED_STEP;
        let Some(anchor) = anchors.get(k as usize) else {
            return Ok(None);
        };
        Ok(Some(
            posts_store::feed_page_at(c, &f.community_id, f.active, anchor, lowest - k * posts_store::FEED_STEP, rows)
                .await?,
        ))
    }

    pub async fn get_post(&self, id: &str) -> Result<Post> {
        live_post(&mut *self.read().await?, id).await
    }

    /// A donor posts in a community (not deleted).
    pub async fn create_post(
        &self,
        community_id: &str,
        donor: &DonorRef,
        text: &str,
        images: &[String],
        actor: &Actor,
    ) -> Result<Post> {
        let (text, images) = checked(|check| {
            let text = required(
                text,
                "text",
                "Please enter Post",
                MAX_POST_TEXT,
                "Post must be at most 5000 characters",
                check,
            );
            (text, names(images, "images", MAX_IMAGES, "You can upload at most 10 images", check))
        })?;
        let mut w = self.begin(actor).await?;
        let author = keep_donor(&mut w, donor).await?;
        let m = communities_store::get_community(&mut w, community_id.trim())
            .await?
            .filter(|m| !m.is_deleted)
            .ok_or_else(|| Error::NotFound(crate::communities::NOT_FOUND.into()))?;
        let p = Post {
            id: common::new_id(),
            community_id: m.id.clone(),
            author: Person { id: author.clone(), ..Default::default() },
            text,
            images,
            created_at: common::now_ms(),
            ..Default::default()
        };
        posts_store::insert_post(&mut w, &p).await?;
        w.emit(events::POST_CREATED, &events::Post { id: p.id.clone(), community_id: m.id, author_id: author }).await?;
        let saved = live_post(&mut w, &p.id).await?;
        w.commit().await?;
        Ok(saved)
    }

    pub async fn set_post_active(&self, id: &str, active: bool, actor: &Actor) -> Result<Post> {
        let mut w = self.begin(actor).await?;
        let p = live_post(&mut w, id).await?;
        if p.is_active != active {
            posts_store::set_post_active(&mut w, &p.id, active).await?;
            let key = if active { events::POST_ACTIVATED } else { events::POST_DEACTIVATED };
            w.emit(
                key,
                &events::Post {
                    id: p.id.clone(),
                    community_id: p.community_id.clone(),
                    author_id: p.author.id.clone(),
                },
            )
            .await?;
        }
        let after = live_post(&mut w, &p.id).await?;
        w.commit().await?;
        Ok(after)
    }

    /// Likes or unlikes a post (like again = unlike unless `want` says which) as `donor`, or
    /// as the platform's admin account when `donor` is None.
    pub async fn like_post(
        &self,
        post_id: &str,
        donor: Option<&DonorRef>,
        want: Option<bool>,
        actor: &Actor,
    ) -> Result<LikeResult> {
        self.like(Target::Post, post_id, donor, want, actor).await
    }

    /// Likes or unlikes a comment or reply, as [`Self::like_post`].
    pub async fn like_comment(
        &self,
        comment_id: &str,
        donor: Option<&DonorRef>,
        want: Option<bool>,
        actor: &Actor,
    ) -> Result<LikeResult> {
        self.like(Target::Comment, comment_id, donor, want, actor).await
    }

    /// A like of a post or of a comment (its post not deleted), the liked row held.
    async fn like(
        &self,
        target: Target,
        id: &str,
        donor: Option<&DonorRef>,
        want: Option<bool>,
        actor: &Actor,
    ) -> Result<LikeResult> {
        let mut w = self.begin(actor).await?;
        let who = account(&mut w, donor).await?;
        let (post_id, comment_id) = match target {
            Target::Post => {
                w.lock_row("posts", id.trim()).await?;
                (live_post(&mut w, id).await?.id, String::new())
            }
            Target::Comment => {
                let m = comment_of(&mut w, id).await?;
                w.lock_row("comments", &m.id).await?;
                live_post(&mut w, &m.post_id).await?;
                (m.post_id, m.id)
            }
        };
        let liked_id = if target == Target::Post { &post_id } else { &comment_id };
        let (liked, likes_count) = posts_store::like(&mut w, target, liked_id, &who, want).await?;
        let key = if liked { events::POST_LIKED } else { events::POST_UNLIKED };
        w.emit(key, &events::Like { post_id, comment_id, account: who, likes_count }).await?;
        w.commit().await?;
        Ok(LikeResult { liked, likes_count })
    }

    /// A top-level comment on a post, by `donor` or the platform's admin account.
    pub async fn add_comment(
        &self,
        post_id: &str,
        text: &str,
        donor: Option<&DonorRef>,
        actor: &Actor,
    ) -> Result<Comment> {
        self.comment(Target::Post, post_id, text, donor, actor).await
    }

    /// A reply to a top-level comment (a reply to a reply: 400 field commentId 'You can reply
    /// to a comment only').
    pub async fn add_reply(
        &self,
        comment_id: &str,
        text: &str,
        donor: Option<&DonorRef>,
        actor: &Actor,
    ) -> Result<Comment> {
        self.comment(Target::Comment, comment_id, text, donor, actor).await
    }

    /// A comment on a post (`Target::Post`) or a reply to a top-level comment
    /// (`Target::Comment`), its text checked first.
    async fn comment(
        &self,
        on: Target,
        id: &str,
        text: &str,
        donor: Option<&DonorRef>,
        actor: &Actor,
    ) -> Result<Comment> {
        let text = checked(|check| {
            required(text, "text", "Please enter Comment", MAX_TEXT, "Comment must be at most 1000 characters", check)
        })?;
        let mut w = self.begin(actor).await?;
        let who = account(&mut w, donor).await?;
        let (post_id, parent_id) = match on {
            Target::Post => (live_post(&mut w, id).await?.id, None),
            Target::Comment => {
                let parent = comment_of(&mut w, id).await?;
                if parent.parent_id.is_some() {
                    return Err(Error::field("commentId", "You can reply to a comment only"));
                }
                (live_post(&mut w, &parent.post_id).await?.id, Some(parent.id))
            }
        };
        self.insert_comment(w, post_id, parent_id, who, text).await
    }

    async fn insert_comment(
        &self,
        mut w: common::write::Write<'_>,
        post_id: String,
        parent_id: Option<String>,
        author: String,
        text: String,
    ) -> Result<Comment> {
        let m = Comment {
            id: common::new_id(),
            post_id,
            parent_id,
            author: Person { id: author, ..Default::default() },
            text,
            created_at: common::now_ms(),
            ..Default::default()
        };
        comments_store::insert_comment(&mut w, &m).await?;
        let e = events::Comment {
            id: m.id.clone(),
            post_id: m.post_id.clone(),
            parent_id: m.parent_id.clone().unwrap_or_default(),
            author_id: m.author.id.clone(),
        };
        w.emit(events::POST_COMMENTED, &e).await?;
        let saved = comment_of(&mut w, &m.id).await?;
        w.commit().await?;
        Ok(saved)
    }

    /// A post's top-level comments, newest first, each with its replies (oldest first, at most 20).
    pub async fn list_comments(&self, post_id: &str, page: &Page) -> Result<(Vec<Comment>, i64)> {
        let (limit, offset, _) = checked(|check| capped(page, check))?;
        let mut c = self.read().await?;
        let p = live_post(&mut c, post_id).await?;
        Ok(comments_store::list_comments(&mut c, &p.id, limit, offset, LIST_REPLIES).await?)
    }
}
