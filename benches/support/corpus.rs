//! Writes benchmark inputs (see benches/support/gen.rs).
//!
//!   cargo run --release --example corpus -- tree DIR FILES BYTES [SEED] [--shape NAME]
//!   cargo run --release --example corpus -- file PATH BYTES [SEED] [--shape NAME]
//!   cargo run --release --example corpus -- shapes
//!   cargo run --release --example corpus -- shape NAME N PATH
//!   cargo run --release --example corpus -- session FORMAT PATH BYTES [SEED]
//!     (FORMAT: claude, codex, gemini, pi, openai, qwen, copilot, openhands;
//!     see sessions.rs)
//!
//! BYTES accepts a suffix: 20MB, 512KB, 1GB (powers of 1000). SEED may also
//! be given as `--seed N`. `--shape NAME` picks the shape of the transcripts
//! (see varied.rs; `shapes` lists them): `baseline`, the default, is the
//! corpus transcript; `random` lets the seed pick every choice. A tree in
//! another shape keeps its records and writes its transcripts in that shape
//! (with `random`, each file its own).

#[path = "gen.rs"]
mod gen;
#[path = "sessions.rs"]
mod sessions;
#[path = "varied.rs"]
mod varied;

use std::path::Path;
use std::process::ExitCode;

fn size(s: &str) -> Option<usize> {
    let (digits, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: usize = digits.parse().ok()?;
    let k = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "KB" | "K" => 1_000,
        "MB" | "M" => 1_000_000,
        "GB" | "G" => 1_000_000_000,
        _ => return None,
    };
    Some(n * k)
}

fn write(path: &Path, content: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, content)
}

/// The positional arguments, `--seed N` and `--shape NAME`.
type Flags = (Vec<String>, Option<String>, Option<String>);

/// Takes `--seed N` and `--shape NAME` out of the arguments.
fn flags(args: &[String]) -> Result<Flags, String> {
    let (mut rest, mut seed, mut shape) = (Vec::new(), None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seed" => seed = Some(it.next().ok_or("--seed needs a number")?.clone()),
            "--shape" => shape = Some(it.next().ok_or("--shape needs a name")?.clone()),
            _ => rest.push(a.clone()),
        }
    }
    Ok((rest, seed, shape))
}

fn style(name: Option<&str>, seed: u64) -> Result<varied::Style, String> {
    let name = name.unwrap_or("baseline");
    varied::Style::named(name, seed).ok_or_else(|| {
        let names: Vec<&str> = varied::NAMES.iter().map(|s| s.0).collect();
        format!("unknown shape {name}; shapes: {}", names.join(", "))
    })
}

fn run(args: &[String]) -> Result<(), String> {
    let (mut args, seed_flag, shape) = flags(args)?;
    let usage =
        "usage: corpus tree DIR FILES BYTES [SEED] [--shape NAME] | file PATH BYTES [SEED] [--shape NAME] | shapes | shape NAME N PATH | session FORMAT PATH BYTES [SEED]";
    if let Some(s) = seed_flag {
        let at = match args.first().map(String::as_str) {
            Some("tree") | Some("session") => 4,
            _ => 3,
        };
        if args.len() > at {
            return Err("SEED given twice".into());
        }
        args.resize(at, String::new());
        args.push(s);
    }
    let args = &args[..];
    let arg = |i: usize| args.get(i).map(String::as_str).ok_or(usage);
    let seed = |i: usize| {
        args.get(i)
            .map_or(Ok(1), |s| s.parse::<u64>().map_err(|e| e.to_string()))
    };
    match arg(0)? {
        "tree" => {
            let dir = Path::new(arg(1)?);
            let files: usize = arg(2)?.parse().map_err(|_| usage)?;
            let bytes = size(arg(3)?).ok_or(usage)?;
            let seed = seed(4)?;
            let st = style(shape.as_deref(), seed)?;
            let random = shape.as_deref() == Some("random");
            let per_file = bytes / files.max(1);
            let mut total = 0;
            for (i, (path, mut content)) in gen::corpus(files, bytes, seed).into_iter().enumerate()
            {
                if !st.parts.is_empty() && path.ends_with(".md") {
                    let file_seed = seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
                    let own;
                    let st = if random {
                        own = varied::Style::seeded(file_seed);
                        &own
                    } else {
                        &st
                    };
                    content = varied::transcript(st, file_seed, per_file);
                }
                total += content.len();
                write(&dir.join(path), &content).map_err(|e| e.to_string())?;
            }
            eprintln!("{}: {files} files, {total} bytes", dir.display());
        }
        "file" => {
            let path = Path::new(arg(1)?);
            let bytes = size(arg(2)?).ok_or(usage)?;
            let seed = seed(3)?;
            let st = style(shape.as_deref(), seed)?;
            let content = varied::transcript(&st, seed, bytes);
            write(path, &content).map_err(|e| e.to_string())?;
            eprintln!("{}: {} bytes", path.display(), content.len());
            if shape.is_some() {
                eprintln!("shape {}", st.describe());
            }
        }
        "shapes" => {
            for (name, what) in varied::NAMES {
                println!("{name:<12} {what}");
            }
        }
        "shape" => {
            let name = arg(1)?;
            let n = size(arg(2)?).ok_or(usage)?;
            let content = gen::shape(name, n).ok_or_else(|| {
                let names: Vec<&str> = gen::SHAPES.iter().map(|s| s.0).collect();
                format!("unknown shape {name}; shapes: {}", names.join(", "))
            })?;
            write(Path::new(arg(3)?), &content).map_err(|e| e.to_string())?;
        }
        "session" => {
            let path = Path::new(arg(2)?);
            let bytes = size(arg(3)?).ok_or(usage)?;
            let mut rng = gen::Rng::new(seed(4)?);
            let content = match arg(1)? {
                "claude" => sessions::claude(&mut rng, bytes),
                "codex" => sessions::codex(&mut rng, bytes),
                "gemini" => sessions::gemini(&mut rng, bytes),
                "pi" => sessions::pi(&mut rng, bytes),
                "openai" => sessions::openai(&mut rng, bytes),
                "qwen" => sessions::qwen(&mut rng, bytes),
                "copilot" => sessions::copilot(&mut rng, bytes),
                "openhands" => sessions::openhands(&mut rng, bytes),
                other => return Err(format!("unknown session format {other}")),
            };
            write(path, &content).map_err(|e| e.to_string())?;
            eprintln!("{}: {} bytes", path.display(), content.len());
        }
        _ => return Err(usage.into()),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("corpus: {e}");
            ExitCode::from(2)
        }
    }
}
