//! REST areas; each gives its routes, the root merges them.

pub mod auth;
pub mod locations;
pub mod sub_admin;

use crate::reply::Route;

pub fn routes() -> Vec<Route> {
    let mut all = auth::routes();
    all.extend(locations::routes());
    all.extend(sub_admin::routes());
    all
}
