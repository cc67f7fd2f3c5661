//! Countries, states and cities from the GeoNames extract shipped in
//! `data/locations.json.gz` (CC BY 4.0; see data/LICENSE-locations.md). Read-only
//! reference data: loaded once into memory, indexed by parent.

use flate2::read::GzDecoder;
use serde::Deserialize;
use std::collections::HashMap;
use std::io::Read;
use std::sync::OnceLock;

#[derive(Debug, Clone, Deserialize)]
pub struct Country {
    pub id: i64,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    pub id: i64,
    pub country_id: i64,
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct City {
    pub id: i64,
    pub state_id: Option<i64>,
    pub name: String,
}

#[derive(Deserialize)]
struct File {
    countries: Vec<Country>,
    states: Vec<State>,
    cities: Vec<City>,
}

pub struct Locations {
    pub countries: Vec<Country>,
    states_by_country: HashMap<i64, Vec<State>>,
    cities_by_state: HashMap<i64, Vec<City>>,
}

impl Locations {
    pub fn get() -> &'static Locations {
        static L: OnceLock<Locations> = OnceLock::new();
        L.get_or_init(|| Self::parse(include_bytes!("../data/locations.json.gz")).expect("bundled locations"))
    }

    fn parse(gz: &[u8]) -> anyhow::Result<Self> {
        let mut json = String::new();
        GzDecoder::new(gz).read_to_string(&mut json)?;
        let f: File = serde_json::from_str(&json)?;
        let mut states_by_country: HashMap<i64, Vec<State>> = HashMap::new();
        for s in f.states {
            states_by_country.entry(s.country_id).or_default().push(s);
        }
        let mut cities_by_state: HashMap<i64, Vec<City>> = HashMap::new();
        for c in f.cities {
            if let Some(sid) = c.state_id {
                cities_by_state.entry(sid).or_default().push(c);
            }
        }
        for v in states_by_country.values_mut() {
            v.sort_by(|a, b| a.name.cmp(&b.name));
        }
        for v in cities_by_state.values_mut() {
            v.sort_by(|a, b| a.name.cmp(&b.name));
        }
        let mut countries = f.countries;
        countries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Self { countries, states_by_country, cities_by_state })
    }

    pub fn states(&self, country_id: i64) -> &[State] {
        self.states_by_country.get(&country_id).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn cities(&self, state_id: i64) -> &[City] {
        self.cities_by_state.get(&state_id).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn has_country(&self, id: i64) -> bool {
        self.states_by_country.contains_key(&id) || self.countries.iter().any(|c| c.id == id)
    }

    pub fn has_state(&self, id: i64) -> bool {
        self.states_by_country.values().flatten().any(|s| s.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_data_links_countries_states_and_cities() {
        let l = Locations::get();
        assert!(l.countries.len() >= 240);
        let us = l.countries.iter().find(|c| c.code == "US").unwrap();
        let states = l.states(us.id);
        assert_eq!(states.len(), 51);
        let ca = states.iter().find(|s| s.name == "California").unwrap();
        assert!(l.cities(ca.id).iter().any(|c| c.name == "Los Angeles"));
        assert!(l.states(-1).is_empty());
    }
}
