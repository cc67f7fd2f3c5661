//! The embedded console refuses a number setting that is not a number, naming it, before it
//! starts anything (no quiet default: a typo in REQUEST_TIMEOUT_SECS must not serve with 60 s).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the console with one setting and returns its exit status and standard error.
fn start_with(name: &str, value: &str) -> (bool, String) {
    let data = std::env::temp_dir().join(format!("gc-console-settings-{}-{name}", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_giving-console"))
        .env("DATA_DIR", &data)
        .env("PORT", "0")
        .env(name, value)
        .env_remove("DEMO_DATA")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the console binary runs");
    // A console that starts anyway would serve for ever: it is stopped, and the test fails.
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("the console's status") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    child.stderr.take().expect("piped").read_to_string(&mut stderr).expect("stderr");
    let _ = std::fs::remove_dir_all(&data);
    (status.is_some_and(|s| s.success()), stderr)
}

#[test]
fn a_number_setting_that_is_not_a_number_stops_the_start_with_its_name() {
    for name in [
        "PORT",
        "REQUEST_TIMEOUT_SECS",
        "GRPC_CONNECTIONS",
        "PRINCIPAL_CACHE_SECS",
        "UPLOAD_QUOTA_BYTES_PER_DAY",
        "UPLOAD_QUOTA_NONPROFIT_BYTES_PER_DAY",
    ] {
        let (ok, stderr) = start_with(name, "sixty");
        assert!(!ok, "{name}=sixty: the console does not start; stderr: {stderr}");
        assert!(
            stderr.contains(&format!("{name} must be a whole number (got 'sixty')")),
            "{name}=sixty: the message names it; stderr: {stderr}"
        );
    }
}
