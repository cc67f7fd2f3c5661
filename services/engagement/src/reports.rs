//! Reported posts: a donor's report (once per post), the console's list of posts with open
//! reports (newest report first) and the post's deletion, which closes them.

use crate::events;
use crate::posts::live_post;
use crate::posts_store::{self, Post};
use crate::reports_store::{self, Report};
use crate::service::{DonorRef, Engagement, capped, checked, keep_donor, required};
use crate::store::{self, Person};
use common::Actor;
use common::db::unique_as;
use common::error::Result;
use common::paging::Page;

/// The open reports a reported post shows (newest first).
pub const SHOWN_REASONS: i64 = 5;
pub const ALREADY_REPORTED: &str = "You have already reported this post";

/// A post with its open reports.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportedPost {
    pub post: Post,
    pub reasons: Vec<Report>,
}

impl Engagement {
    /// A donor reports a post (not deleted), once per post (a second report: 409).
    pub async fn report_post(&self, post_id: &str, donor: &DonorRef, reason: &str, actor: &Actor) -> Result<Report> {
        let reason = checked(|check| {
            required(reason, "reason", "Please enter Reason", 500, "Reason must be at most 500 characters", check)
        })?;
        let mut w = self.begin(actor).await?;
        let reporter = keep_donor(&mut w, donor).await?;
        let p = live_post(&mut w, post_id).await?;
        let r = Report {
            id: common::new_id(),
            post_id: p.id.clone(),
            reporter: Person { id: reporter.clone(), ..Default::default() },
            reason,
            created_at: common::now_ms(),
            closed_at: None,
        };
        reports_store::insert_report(&mut w, &r).await.map_err(|e| unique_as(e, ALREADY_REPORTED))?;
        w.emit(
            events::REPORT_CREATED,
            &events::Report { id: r.id.clone(), post_id: p.id.clone(), reporter_id: reporter },
        )
        .await?;
        let saved = reports_store::open_reports(&mut w, &p.id, SHOWN_REASONS)
            .await?
            .into_iter()
            .find(|x| x.id == r.id)
            .unwrap_or(r);
        w.commit().await?;
        Ok(saved)
    }

    /// Posts not deleted with open reports, newest report first, each with its 5 newest
    /// reports. Search: the post's text or its community's name.
    pub async fn list_reported_posts(&self, page: &Page) -> Result<(Vec<ReportedPost>, i64)> {
        let (limit, offset, search) = checked(|check| capped(page, check))?;
        let mut c = self.read().await?;
        let (posts, total) = reports_store::list_reported(&mut c, &search, limit, offset).await?;
        let mut out = Vec::with_capacity(posts.len());
        for post in posts {
            let reasons = reports_store::open_reports(&mut c, &post.id, SHOWN_REASONS).await?;
            out.push(ReportedPost { post, reasons });
        }
        Ok((out, total))
    }

    /// Every report of a post, open and closed (newest first).
    pub async fn reports_of(&self, post_id: &str) -> Result<Vec<Report>> {
        Ok(reports_store::reports_of(&mut *self.read().await?, post_id.trim()).await?)
    }

    /// Deletes a post into the trash (crate::trash): listed nowhere anymore, its community's
    /// count drops, and its open reports close (closedAt, closedBy: the actor's account) until
    /// a restore opens them again. 404 'Post not found' when absent or deleted already.
    pub async fn delete_post(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.begin(actor).await?;
        let p = live_post(&mut w, id).await?;
        let open: Vec<String> =
            reports_store::open_reports(&mut w, &p.id, i64::MAX).await?.into_iter().map(|r| r.id).collect();
        let closed_by = if actor.id.is_empty() { store::PLATFORM.to_string() } else { actor.id.clone() };
        if !posts_store::delete_post(&mut w, &p.id, &closed_by).await? {
            return Err(crate::posts::not_found());
        }
        let post =
            events::Post { id: p.id.clone(), community_id: p.community_id.clone(), author_id: p.author.id.clone() };
        let detail = crate::trash::PostDetail { post: post.clone(), reopen: open.clone() };
        common::trash::put(&mut w, crate::trash::POST.module, &p.id, &crate::trash::post_name(&p), &detail).await?;
        w.emit(events::POST_TRASHED, &post).await?;
        if !open.is_empty() {
            w.emit(events::REPORT_CLOSED, &events::ReportsClosed { post_id: p.id.clone(), report_ids: open }).await?;
        }
        w.commit().await?;
        Ok(())
    }
}
