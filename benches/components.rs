//! Per-component benchmarks on fixed, seeded inputs (benches/support/gen.rs):
//! the parser, the model, every rule, the formatter, and the pathological
//! shapes, so that a regression shows up in the component that caused it.
//!
//!   cargo bench --bench components
//!   cargo bench --bench components -- parse     (one group)

#[path = "support/gen.rs"]
mod gen;

use boardlint::format::{format, FormatOptions};
use boardlint::model::Transcript;
use boardlint::settings::Settings;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

/// A realistic transcript of about `bytes` bytes, always the same.
fn transcript(bytes: usize) -> String {
    gen::transcript(&mut gen::Rng::new(7), bytes)
}

fn components(c: &mut Criterion) {
    let settings = Settings::default();
    let text = transcript(1_000_000);
    let mut group = c.benchmark_group("transcript-1MB");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("parse", |b| {
        b.iter(|| boardlint::syntax::parse(black_box(&text)))
    });
    group.bench_function("model", |b| {
        b.iter(|| Transcript::build(black_box(&text), &settings).blocks.len())
    });
    let model = Transcript::build(&text, &settings);
    group.bench_function("rules", |b| {
        b.iter(|| boardlint::rules::check(black_box(&model)))
    });
    group.bench_function("check", |b| {
        b.iter(|| boardlint::check_source(black_box(&text), &settings))
    });
    group.bench_function("fmt", |b| {
        b.iter(|| format(black_box(&text), &settings, &FormatOptions::default()))
    });
    group.finish();
}

fn shapes(c: &mut Criterion) {
    let settings = Settings::default();
    let mut group = c.benchmark_group("shapes");
    group.sample_size(10);
    for (shape, n) in [
        ("nested", 10_000),
        ("brackets", 100_000),
        ("invokes", 100_000),
        ("long-line", 1_000_000),
        ("bullets", 10_000),
        ("chain", 1_000),
    ] {
        let text = gen::shape(shape, n).expect("a known shape");
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("check", shape), &text, |b, text| {
            b.iter(|| boardlint::check_source(black_box(text), &settings))
        });
    }
    group.finish();
}

criterion_group!(benches, components, shapes);
criterion_main!(benches);
