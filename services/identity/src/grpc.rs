//! The gRPC face of the identity service: translation only (the one module that maps
//! between proto and domain types).

use crate::saved_views::SavedView;
use crate::service::{Grants, Identity};
use crate::sessions::{Rotation, SessionOut, SignIn};
use crate::store::User;
use crate::sub_admins::SubAdminInput;
use crate::two_factor::Who;
use common::Actor;
use common::wire::{actor, trash_entry, trash_page, trash_query};
use proto::common::v1 as pc;
use proto::identity::v1 as pb;
use proto::identity::v1::identity_server::Identity as Rpc;
use tonic::{Request, Response, Status};

type R<T> = Result<Response<T>, Status>;

fn perms(g: Grants) -> Vec<pb::Permission> {
    g.into_iter().map(|(slug, actions)| pb::Permission { slug, actions }).collect()
}

fn grants(p: Vec<pb::Permission>) -> Grants {
    p.into_iter().map(|p| (p.slug, p.actions)).collect()
}

fn sub_admin(u: User, g: Grants) -> pb::SubAdmin {
    pb::SubAdmin {
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        active: u.is_active,
        created_at: u.created_at,
        permissions: perms(g),
    }
}

fn input(i: Option<pb::SubAdminInput>) -> SubAdminInput {
    let i = i.unwrap_or_default();
    SubAdminInput {
        first_name: i.first_name,
        last_name: i.last_name,
        email: i.email,
        password: i.password,
        permissions: grants(i.permissions),
    }
}

/// The actor a sub-admin call names; a call without an account is refused.
fn caller(a: Option<pc::Actor>) -> Result<Actor, Status> {
    match a {
        Some(a) if !a.id.is_empty() => Ok(actor(Some(a))),
        _ => Err(Status::unauthenticated("The caller of this call is unknown")),
    }
}

fn places<'a>(it: impl Iterator<Item = (i64, &'a str, &'a str)>) -> pb::Places {
    pb::Places { items: it.map(|(id, name, code)| pb::Place { id, name: name.into(), code: code.into() }).collect() }
}

#[tonic::async_trait]
impl Rpc for Identity {
    #[tracing::instrument(skip_all)]
    async fn login(&self, r: Request<pb::LoginRequest>) -> R<pb::Session> {
        let r = r.into_inner();
        let charity = r.kind() == pb::LoginKind::Charity;
        match self.sign_in(&r.email, &r.password, charity, &r.client_ip).await? {
            SignIn::Session(s) => Ok(Response::new(session(*s))),
            SignIn::Challenge { token, needed } => Ok(Response::new(pb::Session {
                challenge_token: token,
                two_factor: needed.into(),
                ..Default::default()
            })),
        }
    }

    async fn verify_two_factor(&self, r: Request<pb::VerifyTwoFactorRequest>) -> R<pb::Session> {
        let r = r.into_inner();
        let s = self.verify_two_factor(&r.challenge_token, &r.code, &r.recovery_code, &r.client_ip).await?;
        Ok(Response::new(session(s)))
    }

    async fn enrol_two_factor(&self, r: Request<pb::TwoFactorRequest>) -> R<pb::TwoFactorSecret> {
        let r = r.into_inner();
        let (secret, otpauth_uri) = match r.actor {
            Some(a) if !a.id.is_empty() => self.enrol_two_factor(Who::Caller(&caller(Some(a))?)).await?,
            _ => self.enrol_from_challenge(&r.challenge_token, &r.email_code, &r.client_ip).await?,
        };
        Ok(Response::new(pb::TwoFactorSecret { secret, otpauth_uri }))
    }

    async fn confirm_two_factor(&self, r: Request<pb::TwoFactorRequest>) -> R<pb::TwoFactorConfirmed> {
        let r = r.into_inner();
        let c = match r.actor {
            Some(a) if !a.id.is_empty() => {
                self.confirm_two_factor(Who::Caller(&caller(Some(a))?), &r.code, &r.client_ip).await?
            }
            _ => self.confirm_two_factor(Who::Challenge(&r.challenge_token), &r.code, &r.client_ip).await?,
        };
        Ok(Response::new(pb::TwoFactorConfirmed { recovery_codes: c.recovery_codes, session: c.session.map(session) }))
    }

    async fn disable_two_factor(&self, r: Request<pb::TwoFactorRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.disable_two_factor(&caller(r.actor)?, &r.code).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn reset_two_factor(&self, r: Request<pb::IdRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.reset_two_factor(&caller(r.actor)?, &r.id).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn two_factor_status(&self, r: Request<pb::TwoFactorRequest>) -> R<pb::TwoFactorStatusReply> {
        let s = self.two_factor_status(&caller(r.into_inner().actor)?).await?;
        Ok(Response::new(pb::TwoFactorStatusReply {
            enabled: s.enabled,
            required: s.required,
            recovery_codes_left: s.recovery_codes_left,
        }))
    }

    async fn get_two_factor_setting(&self, r: Request<pb::TwoFactorRequest>) -> R<pb::TwoFactorSettingReply> {
        let required = self.two_factor_setting(&caller(r.into_inner().actor)?).await?;
        Ok(Response::new(pb::TwoFactorSettingReply { required }))
    }

    async fn set_two_factor_setting(&self, r: Request<pb::SetTwoFactorSettingRequest>) -> R<pb::TwoFactorSettingReply> {
        let r = r.into_inner();
        let required = self.set_two_factor_setting(&caller(r.actor)?, r.required).await?;
        Ok(Response::new(pb::TwoFactorSettingReply { required }))
    }

    async fn refresh(&self, r: Request<pb::RefreshRequest>) -> R<pb::Tokens> {
        match self.rotate(&r.into_inner().refresh_token).await? {
            Rotation::Rotated(auth_token, refresh_token) => Ok(Response::new(pb::Tokens { auth_token, refresh_token })),
            Rotation::Reused { session_id } => Err(common::error::status(
                tonic::Code::Unauthenticated,
                crate::sessions::SESSION_EXPIRED,
                common::error::codes::SESSION_REUSED,
                [(common::error::codes::SESSION_ID.to_string(), session_id)].into(),
                Default::default(),
            )),
        }
    }

    async fn logout(&self, r: Request<pb::LogoutRequest>) -> R<pb::LogoutReply> {
        let r = r.into_inner();
        let session_id = self.logout(&r.refresh_token, &r.session_id).await?;
        Ok(Response::new(pb::LogoutReply { session_id }))
    }

    async fn change_password(&self, r: Request<pb::ChangePasswordRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.change_password(&r.user_id, &r.current_password, &r.new_password).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn forgot_password(&self, r: Request<pb::ForgotPasswordRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.forgot_password(&r.email, &r.console_url, &r.client_ip).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn reset_password(&self, r: Request<pb::ResetPasswordRequest>) -> R<pb::AccountRef> {
        let r = r.into_inner();
        let id = self.reset_password(&r.token, &r.new_password).await?;
        Ok(Response::new(pb::AccountRef { id }))
    }

    async fn get_principal(&self, r: Request<pb::GetPrincipalRequest>) -> R<pb::Principal> {
        let r = r.into_inner();
        let (u, g) = self.principal(&r.user_id).await?;
        let session_revoked = !r.session_id.is_empty() && self.session_revoked(&r.session_id).await?;
        Ok(Response::new(pb::Principal {
            id: u.id,
            account_type: common::account::from_name(&u.admin_type).into(),
            active: u.is_active,
            permissions: perms(g),
            charity_id: u.charity_id.unwrap_or_default(),
            session_version: u.session_version,
            session_revoked,
        }))
    }

    async fn create_sub_admin(&self, r: Request<pb::CreateSubAdminRequest>) -> R<pb::SubAdmin> {
        let r = r.into_inner();
        let (u, g) = self.create_sub_admin(&caller(r.actor)?, input(r.input)).await?;
        Ok(Response::new(sub_admin(u, g)))
    }

    async fn update_sub_admin(&self, r: Request<pb::UpdateSubAdminRequest>) -> R<pb::SubAdmin> {
        let r = r.into_inner();
        let (u, g) = self.update_sub_admin(&caller(r.actor)?, &r.id, input(r.input)).await?;
        Ok(Response::new(sub_admin(u, g)))
    }

    async fn delete_sub_admin(&self, r: Request<pb::IdRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_sub_admin(&caller(r.actor)?, &r.id).await?;
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

    async fn set_sub_admin_status(&self, r: Request<pb::SetStatusRequest>) -> R<pb::SubAdmin> {
        let r = r.into_inner();
        let u = self.set_sub_admin_status(&caller(r.actor)?, &r.id, r.active).await?;
        Ok(Response::new(sub_admin(u, vec![])))
    }

    async fn list_sub_admins(&self, r: Request<pb::ListRequest>) -> R<pb::SubAdminPage> {
        let r = r.into_inner();
        let who = caller(r.actor)?;
        let (items, total) = self.list_sub_admins(&who, &common::wire::page(r.page)).await?;
        Ok(Response::new(pb::SubAdminPage { items: items.into_iter().map(|(u, g)| sub_admin(u, g)).collect(), total }))
    }

    async fn find_sub_admins(&self, r: Request<pc::FindRequest>) -> R<pb::FoundSubAdmins> {
        let r = r.into_inner();
        let who = caller(r.actor.clone())?;
        let found = self.find_sub_admins(&who, &common::wire::find(r)?).await?;
        Ok(Response::new(pb::FoundSubAdmins { items: found.into_iter().map(|(u, g)| sub_admin(u, g)).collect() }))
    }

    async fn account_names(&self, r: Request<pb::AccountNamesRequest>) -> R<pb::AccountNamesReply> {
        let names = self.account_names(&r.into_inner().ids).await?;
        Ok(Response::new(pb::AccountNamesReply { names: names.into_iter().collect() }))
    }

    async fn get_sub_admin(&self, r: Request<pb::IdRequest>) -> R<pb::SubAdmin> {
        let r = r.into_inner();
        let (u, g) = self.get_sub_admin(&caller(r.actor)?, &r.id).await?;
        Ok(Response::new(sub_admin(u, g)))
    }

    async fn list_countries(&self, _r: Request<pb::Empty>) -> R<pb::Places> {
        let l = crate::locations::Locations::get();
        Ok(Response::new(places(l.countries.iter().map(|c| (c.id, c.name.as_str(), c.code.as_str())))))
    }

    async fn list_states(&self, r: Request<pb::ListStatesRequest>) -> R<pb::Places> {
        let id = r.into_inner().country_id;
        let l = crate::locations::Locations::get();
        if !l.has_country(id) {
            return Err(crate::error::Error::field("countryId", "Please select a valid country").into());
        }
        Ok(Response::new(places(l.states(id).iter().map(|s| (s.id, s.name.as_str(), s.code.as_str())))))
    }

    async fn list_cities(&self, r: Request<pb::ListCitiesRequest>) -> R<pb::Places> {
        let id = r.into_inner().state_id;
        let l = crate::locations::Locations::get();
        if !l.has_state(id) {
            return Err(crate::error::Error::field("stateId", "Please select a valid state").into());
        }
        Ok(Response::new(places(l.cities(id).iter().map(|c| (c.id, c.name.as_str(), "")))))
    }

    async fn invite_charity_admin(&self, r: Request<pb::InviteCharityAdminRequest>) -> R<pb::Invitation> {
        let r = r.into_inner();
        let contact = crate::invitation::Contact {
            charity_id: r.charity_id,
            charity_name: r.charity_name,
            email: r.email,
            first_name: r.first_name,
            last_name: r.last_name,
        };
        let sent = self.invite_charity_admin(&actor(r.actor), &contact, &r.console_url).await?;
        Ok(Response::new(pb::Invitation { user_id: sent.user.id, email: sent.user.email, expires_at: sent.expires_at }))
    }

    async fn accept_invitation(&self, r: Request<pb::AcceptInvitationRequest>) -> R<pb::AccountRef> {
        let r = r.into_inner();
        let id = self.accept_invitation(&r.token, &r.new_password).await?;
        Ok(Response::new(pb::AccountRef { id }))
    }

    async fn list_saved_views(&self, r: Request<pb::ListSavedViewsRequest>) -> R<pb::SavedViews> {
        let r = r.into_inner();
        let items = self.list_saved_views(&caller(r.actor)?, &r.list).await?;
        Ok(Response::new(pb::SavedViews { items: items.into_iter().map(saved_view).collect() }))
    }

    async fn save_view(&self, r: Request<pb::SaveViewRequest>) -> R<pb::SavedViewReply> {
        let r = r.into_inner();
        let saved = self.save_view(&caller(r.actor)?, &r.list, &r.name, &r.query).await?;
        Ok(Response::new(pb::SavedViewReply { view: Some(saved_view(saved.view)), replaced: saved.replaced }))
    }

    async fn delete_saved_view(&self, r: Request<pb::DeleteSavedViewRequest>) -> R<pb::Empty> {
        let r = r.into_inner();
        self.delete_saved_view(&caller(r.actor)?, &r.id, &r.list).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn issue_member_token(&self, r: Request<pb::IssueMemberTokenRequest>) -> R<pb::MemberToken> {
        let r = r.into_inner();
        let (token, expires_at) = self.issue_member_token(&r.donor_id, r.ttl_seconds)?;
        Ok(Response::new(pb::MemberToken { token, expires_at }))
    }
}

fn saved_view(v: SavedView) -> pb::SavedView {
    pb::SavedView {
        id: v.id,
        list: v.list,
        name: v.name,
        query: v.query,
        created_at: v.created_at,
        updated_at: v.updated_at,
    }
}

/// A started session as the proto carries it.
fn session(s: SessionOut) -> pb::Session {
    pb::Session {
        id: s.user.id,
        first_name: s.user.first_name,
        last_name: s.user.last_name,
        email: s.user.email,
        account_type: common::account::from_name(&s.user.admin_type).into(),
        charity_id: s.user.charity_id.unwrap_or_default(),
        permissions: perms(s.permissions),
        tokens: Some(pb::Tokens { auth_token: s.auth_token, refresh_token: s.refresh_token }),
        ..Default::default()
    }
}
