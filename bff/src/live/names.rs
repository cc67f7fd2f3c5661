//! Every socket.io namespace, room prefix and event name of the chat (the one place in the
//! BFF; the console's twin is web/src/features/chat/events.ts). README "Chat" has the table.

/// The console's namespace (admin access tokens).
pub const ADMIN_NS: &str = "/admin";
/// The app users' namespace (member tokens).
pub const APP_NS: &str = "/app";
/// Where the socket.io server answers.
pub const PATH: &str = "/socket.io/";

/// Every /admin socket.
pub const ADMINS_ROOM: &str = "admins";

/// The socket room of a chat room.
pub fn chat_room(room_id: &str) -> String {
    format!("room:{room_id}")
}

/// The socket room of one donor's /app sockets.
pub fn member_room(donor_id: &str) -> String {
    format!("member:{donor_id}")
}

/// The socket room of the donors who gave to a recipient (`kind`: charity or cause).
pub fn recipient_room(kind: &str, id: &str) -> String {
    format!("recipient:{kind}:{id}")
}

// client -> server
pub const USERS: &str = "users";
pub const JOIN: &str = "join";
pub const LEAVE: &str = "leave";
pub const HISTORY: &str = "history";
pub const MISSED: &str = "missed";
pub const SEND: &str = "send";
pub const TYPING: &str = "typing";
pub const READ: &str = "read";
pub const NOTIFICATIONS: &str = "notifications";
pub const NOTIFICATION_READ: &str = "notificationRead";

// server -> client (`typing` and `read` are both ways)
pub const MESSAGE: &str = "message";
pub const ROOM: &str = "room";
pub const PRESENCE: &str = "presence";
pub const NOTIFICATION: &str = "notification";
pub const ERROR: &str = "error";
