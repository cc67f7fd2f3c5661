//! The chat's demo data (the embedded console's demo set): rooms with a short conversation
//! for the first demo donors, a few left unread, and two past notifications. Everything goes
//! through the domain calls (seqs, unread counts, markers and events are what real use
//! makes), and only when chat has no room and no notification yet.

use crate::messages::SendInput;
use crate::messages_store::Person;
use crate::notifications::NotificationInput;
use crate::notifications_store::{self, NamedRef};
use crate::rooms::DonorInfo;
use crate::rooms_store;
use crate::service::{Caller, Chat};
use common::Actor;

/// A demo donor as giving holds it.
#[derive(Debug, Clone, Default)]
pub struct Donor {
    pub id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
}

/// What the demo set made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub rooms: usize,
    pub messages: usize,
    pub unread_rooms: usize,
    pub notifications: usize,
    /// Chat had data already: nothing was made.
    pub skipped: bool,
}

/// A conversation: (side, text), in order. Each ends with the donor's message: an admin's
/// reply reads the room, so a room left unread must end on the donor's side.
const TALKS: [&[(bool, &str)]; 5] = [
    &[
        (true, "Hi! I set up a monthly gift last week. Where can I see my receipts?"),
        (false, "Hello! Every receipt is in the app under Profile > Giving history."),
        (true, "Found them, thank you!"),
    ],
    &[
        (true, "Can I change the nonprofit my recurring donation goes to?"),
        (false, "Yes: cancel the current subscription and start a new one to the nonprofit you choose."),
        (true, "Thanks, I'll do that."),
    ],
    &[
        (false, "Thank you for joining the Clean Water drive! Let us know if you have any question."),
        (true, "Will there be an update on the project's progress?"),
        (false, "The nonprofit posts monthly updates in its community."),
        (true, "Great, I'll follow it."),
    ],
    &[(true, "My card was declined but I was charged. Can you check?")],
    &[
        (true, "Is my donation tax deductible?"),
        (false, "Donations to registered nonprofits are; your receipt shows the nonprofit's tax id."),
        (true, "Perfect."),
        (true, "One more: can I get a yearly summary?"),
    ],
];

/// Fills an empty chat: rooms for up to `rooms` of `donors` with a conversation each (the
/// admin side reads all but every third room), then two notifications sent by `admin`:
/// one to every app user (reach `all_reach`) and one to the donors of `selected` (reach
/// `selected_reach`).
pub async fn seed(
    chat: &Chat,
    donors: &[Donor],
    rooms: usize,
    admin: &Person,
    all_reach: i64,
    selected: (&[NamedRef], &[NamedRef]),
    selected_reach: i64,
) -> anyhow::Result<Summary> {
    let mut c = chat.db.pool.acquire().await?;
    if rooms_store::any_room(&mut c).await? || notifications_store::any_notification(&mut c).await? {
        return Ok(Summary { skipped: true, ..Default::default() });
    }
    drop(c);
    let admin_actor = Actor::new(admin.id.clone(), common::account::MAIN_ADMIN, "127.0.0.1");
    let mut s = Summary::default();
    for (i, d) in donors.iter().take(rooms).enumerate() {
        let info = DonorInfo { name: d.name.clone(), email: d.email.clone(), avatar: d.avatar.clone() };
        let room = chat.open_room(&d.id, Some(&info), &admin_actor).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        s.rooms += 1;
        let member_actor = Actor::new(d.id.clone(), common::account::MEMBER, "127.0.0.1");
        for (n, (from_member, text)) in TALKS[i % TALKS.len()].iter().enumerate() {
            let input = SendInput {
                room_id: room.id.clone(),
                sender: admin.clone(),
                text: (*text).into(),
                image: String::new(),
                client_id: format!("demo-{i}-{n}"),
            };
            let (caller, actor) = if *from_member {
                (Caller::Member(d.id.clone()), &member_actor)
            } else {
                (Caller::Admin, &admin_actor)
            };
            chat.send(&input, &caller, actor).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            s.messages += 1;
        }
        // The donor read everything; the admin side leaves every third room unread.
        chat.mark_read(&room.id, &Caller::Member(d.id.clone()), 0, &member_actor)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        if i % 3 == 0 {
            s.unread_rooms += 1;
        } else {
            chat.mark_read(&room.id, &Caller::Admin, 0, &admin_actor).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        }
    }
    let sends = [
        NotificationInput {
            title: "Giving Tuesday is here".into(),
            message: "Every gift made today is matched by our partners. Thank you for giving!".into(),
            audience: "all".into(),
            sender_id: admin.id.clone(),
            sender_name: admin.name.clone(),
            reach: all_reach,
            ..Default::default()
        },
        NotificationInput {
            title: "An update from the nonprofits you support".into(),
            message: "Their year in review is out: see what your donations made possible.".into(),
            audience: if selected.0.is_empty() && selected.1.is_empty() { "all".into() } else { "selected".into() },
            charities: selected.0.to_vec(),
            causes: selected.1.to_vec(),
            sender_id: admin.id.clone(),
            sender_name: admin.name.clone(),
            reach: selected_reach,
            ..Default::default()
        },
    ];
    for n in &sends {
        chat.send_notification(n, &admin_actor).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        s.notifications += 1;
    }
    Ok(s)
}
