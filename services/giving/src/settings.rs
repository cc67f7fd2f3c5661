//! The service-charge settings (service charge and processing fee) and their history of
//! changes, each with its actor and event.

use crate::events;
use crate::service::Giving;
use crate::settings_store::{self, Settings, SettingsChange};
use common::Actor;
use common::error::{Check, Result};

/// The settings with their history, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsView {
    pub settings: Settings,
    pub history: Vec<SettingsChange>,
}

impl Giving {
    pub async fn get_settings(&self) -> Result<SettingsView> {
        let mut c = self.db.pool.acquire().await?;
        let settings = settings_store::settings(&mut c).await?;
        let history = settings_store::settings_history(&mut c, 100).await?;
        Ok(SettingsView { settings, history })
    }

    /// Sets both charges (0 to 10000 basis points each) and records the change with its actor.
    pub async fn update_settings(
        &self,
        service_charge_bp: i64,
        processing_fee_bp: i64,
        actor: &Actor,
    ) -> Result<SettingsView> {
        let mut check = Check::default();
        if !(0..=10_000).contains(&service_charge_bp) {
            check.fail("serviceCharge", "Service Charge must be between 0 and 100");
        }
        if !(0..=10_000).contains(&processing_fee_bp) {
            check.fail("paymentProcesFee", "Payment Processing Fee must be between 0 and 100");
        }
        check.done()?;
        let mut w = self.begin(actor).await?;
        let old = settings_store::settings(&mut w).await?;
        let new = Settings {
            service_charge_bp,
            processing_fee_bp,
            updated_at: common::now_ms(),
            updated_by: actor.id.clone(),
            ..old.clone()
        };
        settings_store::update_settings(&mut w, &new).await?;
        let change = SettingsChange {
            at: new.updated_at,
            by: actor.id.clone(),
            old_service_charge_bp: old.service_charge_bp,
            new_service_charge_bp: service_charge_bp,
            old_processing_fee_bp: old.processing_fee_bp,
            new_processing_fee_bp: processing_fee_bp,
        };
        settings_store::insert_settings_change(&mut w, &change, &actor.account_type).await?;
        let changes = common::bus::changes(&old, &new, &["updatedAt", "updatedBy"]);
        w.emit(events::SETTINGS_CHANGED, &events::Settings { service_charge_bp, processing_fee_bp, changes }).await?;
        w.commit().await?;
        self.get_settings().await
    }
}
