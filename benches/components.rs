//! Per-component benchmarks on fixed, seeded inputs (benches/support/gen.rs):
//! the parser, the model, every rule, the formatter, and the pathological
//! shapes, so that a regression shows up in the component that caused it.
//!
//!   cargo bench --bench components
//!   cargo bench --bench components -- parse     (one group)

#[path = "support/gen.rs"]
mod gen;

use boardlint::internals;
use boardlint::Engine;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

/// A realistic transcript of about `bytes` bytes, always the same.
fn transcript(bytes: usize) -> String {
    gen::transcript(&mut gen::Rng::new(7), bytes)
}

fn components(c: &mut Criterion) {
    let engine = Engine::default();
    let text = transcript(1_000_000);
    let mut group = c.benchmark_group("transcript-1MB");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("parse", |b| {
        b.iter(|| internals::read_lines(black_box(&text)))
    });
    group.bench_function("model", |b| {
        b.iter(|| internals::with_transcript(black_box(&text), |t| t.blocks.len()))
    });
    internals::with_transcript(&text, |model| {
        group.bench_function("rules", |b| {
            b.iter(|| internals::run_rules(black_box(model)))
        });
    });
    group.bench_function("check", |b| b.iter(|| engine.check(None, black_box(&text))));
    group.bench_function("fmt", |b| b.iter(|| engine.format(None, black_box(&text))));
    group.finish();
}

fn shapes(c: &mut Criterion) {
    let engine = Engine::default();
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
            b.iter(|| engine.check(None, black_box(text)))
        });
    }
    group.finish();
}

criterion_group!(benches, components, shapes);
criterion_main!(benches);
