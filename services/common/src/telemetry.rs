//! Logs and traces: `tracing` everywhere; JSON logs when asked (cluster mode);
//! an OTLP exporter when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Trace context crosses
//! gRPC in metadata and AMQP in message headers as W3C `traceparent`.

use opentelemetry::propagation::TextMapPropagator;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use std::collections::BTreeMap;
use std::collections::HashMap;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Keeps the exporter alive; flushes on drop.
pub struct Guard(Option<opentelemetry_sdk::trace::SdkTracerProvider>);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = p.shutdown();
        }
    }
}

/// Sets up logging (and tracing export). `json` selects JSON log lines.
pub fn init(service: &str, json: bool) -> Guard {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,lapin=warn,h2=warn,tower=warn,hyper=warn"));
    let fmt = if json {
        tracing_subscriber::fmt::layer().json().with_current_span(false).boxed()
    } else {
        tracing_subscriber::fmt::layer().compact().boxed()
    };
    let endpoint = std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT").ok().filter(|e| !e.is_empty());
    let provider = endpoint.and_then(|ep| {
        let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().with_endpoint(ep).build().ok()?;
        Some(
            opentelemetry_sdk::trace::SdkTracerProvider::builder()
                .with_batch_exporter(exporter)
                .with_resource(opentelemetry_sdk::Resource::builder().with_service_name(service.to_string()).build())
                .build(),
        )
    });
    let otel = provider.as_ref().map(|p| tracing_opentelemetry::layer().with_tracer(p.tracer(service.to_string())));
    let _ = tracing_subscriber::registry().with(filter).with(fmt).with(otel).try_init();
    Guard(provider)
}

/// The current span's trace context as W3C headers (empty without a tracer).
pub fn current_trace_context() -> BTreeMap<String, String> {
    let mut map = HashMap::new();
    let cx = tracing::Span::current().context();
    TraceContextPropagator::new().inject_context(&cx, &mut map);
    map.into_iter().collect()
}

/// Makes `span` a child of the trace carried in `headers`.
pub fn set_parent(span: &tracing::Span, headers: &BTreeMap<String, String>) {
    let headers: HashMap<String, String> = headers.clone().into_iter().collect();
    let cx = TraceContextPropagator::new().extract(&headers);
    let _ = span.set_parent(cx);
}

/// Makes `span` continue the trace whose W3C headers (`traceparent`, `tracestate`) an
/// incoming HTTP or gRPC request carries; a request without them starts a new trace.
pub fn continue_trace(span: &tracing::Span, headers: &http::HeaderMap) {
    let mut ctx = BTreeMap::new();
    for key in ["traceparent", "tracestate"] {
        if let Some(v) = headers.get(key).and_then(|v| v.to_str().ok()) {
            ctx.insert(key.to_string(), v.to_string());
        }
    }
    if !ctx.is_empty() {
        set_parent(span, &ctx);
    }
}
