//! Writes benchmark inputs (see benches/support/gen.rs).
//!
//!   cargo run --release --example corpus -- tree DIR FILES BYTES [SEED]
//!   cargo run --release --example corpus -- file PATH BYTES [SEED]
//!   cargo run --release --example corpus -- shape NAME N PATH
//!   cargo run --release --example corpus -- session FORMAT PATH BYTES [SEED]
//!     (FORMAT: claude, codex, gemini, pi, openai; see sessions.rs)
//!
//! BYTES accepts a suffix: 20MB, 512KB, 1GB (powers of 1000).

#[path = "gen.rs"]
mod gen;
#[path = "sessions.rs"]
mod sessions;

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

fn run(args: &[String]) -> Result<(), String> {
    let usage =
        "usage: corpus tree DIR FILES BYTES [SEED] | file PATH BYTES [SEED] | shape NAME N PATH | session FORMAT PATH BYTES [SEED]";
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
            let mut total = 0;
            for (path, content) in gen::corpus(files, bytes, seed(4)?) {
                total += content.len();
                write(&dir.join(path), &content).map_err(|e| e.to_string())?;
            }
            eprintln!("{}: {files} files, {total} bytes", dir.display());
        }
        "file" => {
            let path = Path::new(arg(1)?);
            let bytes = size(arg(2)?).ok_or(usage)?;
            let mut rng = gen::Rng::new(seed(3)?);
            let content = gen::transcript(&mut rng, bytes);
            write(path, &content).map_err(|e| e.to_string())?;
            eprintln!("{}: {} bytes", path.display(), content.len());
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
