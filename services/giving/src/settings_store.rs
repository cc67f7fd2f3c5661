//! The SQL of the service-charge settings (one row) and their history of changes.

use sqlx::{AnyConnection, Row};

pub const SETTINGS_ID: &str = "5f5b1c2d3e4f5a6b7c8d9e0f";

#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub id: String,
    pub service_charge_bp: i64,
    pub processing_fee_bp: i64,
    pub updated_at: i64,
    pub updated_by: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct SettingsChange {
    pub at: i64,
    pub by: String,
    pub old_service_charge_bp: i64,
    pub new_service_charge_bp: i64,
    pub old_processing_fee_bp: i64,
    pub new_processing_fee_bp: i64,
}

pub async fn settings(c: &mut AnyConnection) -> sqlx::Result<Settings> {
    let r = sqlx::query(
        "SELECT id, service_charge_bp, processing_fee_bp, updated_at, updated_by FROM settings WHERE id = $1",
    )
    .bind(SETTINGS_ID)
    .fetch_one(c)
    .await?;
    settings_row(&r)
}

pub(crate) fn settings_row(r: &sqlx::any::AnyRow) -> sqlx::Result<Settings> {
    Ok(Settings {
        id: r.try_get("id")?,
        service_charge_bp: r.try_get("service_charge_bp")?,
        processing_fee_bp: r.try_get("processing_fee_bp")?,
        updated_at: r.try_get("updated_at")?,
        updated_by: r.try_get("updated_by")?,
    })
}

pub async fn update_settings(c: &mut AnyConnection, s: &Settings) -> sqlx::Result<()> {
    sqlx::query("UPDATE settings SET service_charge_bp = $1, processing_fee_bp = $2, updated_at = $3, updated_by = $4 WHERE id = $5")
        .bind(s.service_charge_bp)
        .bind(s.processing_fee_bp)
        .bind(s.updated_at)
        .bind(&s.updated_by)
        .bind(&s.id)
        .execute(c)
        .await?;
    Ok(())
}

pub async fn insert_settings_change(c: &mut AnyConnection, h: &SettingsChange, by_type: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO settings_history (id, at, by_id, by_type, old_service_charge_bp, new_service_charge_bp, old_processing_fee_bp, \
         new_processing_fee_bp) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(common::new_id())
    .bind(h.at)
    .bind(&h.by)
    .bind(by_type)
    .bind(h.old_service_charge_bp)
    .bind(h.new_service_charge_bp)
    .bind(h.old_processing_fee_bp)
    .bind(h.new_processing_fee_bp)
    .execute(c)
    .await?;
    Ok(())
}

/// The settings history, newest first (at most `limit`).
pub async fn settings_history(c: &mut AnyConnection, limit: i64) -> sqlx::Result<Vec<SettingsChange>> {
    let rows = sqlx::query(
        "SELECT at, by_id, old_service_charge_bp, new_service_charge_bp, old_processing_fee_bp, new_processing_fee_bp \
         FROM settings_history ORDER BY at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(SettingsChange {
                at: r.try_get("at")?,
                by: r.try_get("by_id")?,
                old_service_charge_bp: r.try_get("old_service_charge_bp")?,
                new_service_charge_bp: r.try_get("new_service_charge_bp")?,
                old_processing_fee_bp: r.try_get("old_processing_fee_bp")?,
                new_processing_fee_bp: r.try_get("new_processing_fee_bp")?,
            })
        })
        .collect()
}
