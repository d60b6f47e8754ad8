//! The checks, off the message loop. A document's check (the engine's
//! diagnostics with their fixes, and `fmt`'s rewrite as hunks)
//! runs on a worker thread, so the loop answers hovers and code actions
//! while a large document is being checked. There are
//! [`checks_at_once`](crate::commands::engines::checks_at_once) workers,
//! fed from one queue.
//!
//! Each check is of one generation of one document and holds a [`Ticket`]
//! the loop cancels when that generation is superseded (an edit, a close,
//! a configuration change): the text waiting in the queue is let go at
//! once (so edits made while a long check runs do not pile up copies of a
//! large document), a worker skips a job whose ticket is cancelled, and a
//! check under way stops at its next step (after the rules, after the
//! rewrite). What a superseded check finds anyway is dropped by the loop,
//! which publishes only the current generation's diagnostics.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crossbeam_channel::{Receiver, Sender};

use super::actions::{self, Hunk};
use super::lint::{self, Linted};
use crate::commands::engines::Engines;
use crate::kinds::FileKind;

/// What the engine said of one text.
pub struct Analysis {
    pub linted: Linted,
    /// `fmt`'s rewrite, as the hunks that make it: none for a kind it does
    /// not rewrite, a text over the limit, or a configuration with errors.
    pub hunks: Vec<Hunk>,
}

/// A check's text, until a worker takes it or the check is called off.
pub struct Ticket {
    cancelled: AtomicBool,
    text: Mutex<Option<String>>,
}

impl Ticket {
    pub fn new(text: String) -> Arc<Ticket> {
        Arc::new(Ticket {
            cancelled: AtomicBool::new(false),
            text: Mutex::new(Some(text)),
        })
    }

    /// The check is no longer wanted: its text, if no worker took it yet,
    /// is let go now.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
        drop(self.take());
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    fn take(&self) -> Option<String> {
        self.text
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

/// A check to run: a document's text, as of one generation.
pub struct Job {
    pub uri: String,
    pub generation: u64,
    pub path: Option<PathBuf>,
    pub ticket: Arc<Ticket>,
}

/// A check done.
pub struct Done {
    pub uri: String,
    pub generation: u64,
    pub analysis: Analysis,
}

/// Where checks are sent to be run.
pub struct Checks {
    /// The workers' queue; `None`: checks run at once on the caller's
    /// thread.
    jobs: Option<Sender<Job>>,
    engines: Arc<Engines>,
    done: Sender<Done>,
}

impl Checks {
    /// `workers` threads that run checks, and where what they find comes
    /// back. With no workers (or none that could be started), each check
    /// runs on the caller's thread as it is submitted, its result queued
    /// all the same: the fuzz target drives the session that way, one
    /// message after the other.
    pub fn start(engines: Arc<Engines>, workers: usize) -> (Checks, Receiver<Done>) {
        let (done, finished) = crossbeam_channel::unbounded();
        let (jobs, queue) = crossbeam_channel::unbounded::<Job>();
        let mut started = 0;
        for n in 0..workers {
            let queue = queue.clone();
            let done = done.clone();
            let engines = engines.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("boardlint-check-{n}"))
                .spawn(move || {
                    for job in queue {
                        if let Some(result) = run(&engines, job) {
                            if done.send(result).is_err() {
                                return;
                            }
                        }
                    }
                });
            if spawned.is_ok() {
                started += 1;
            }
        }
        let checks = Checks {
            jobs: (started > 0).then_some(jobs),
            engines,
            done,
        };
        (checks, finished)
    }

    pub fn submit(&self, job: Job) {
        match &self.jobs {
            // The workers are gone only with the session.
            Some(jobs) => {
                let _ = jobs.send(job);
            }
            None => {
                if let Some(result) = run(&self.engines, job) {
                    let _ = self.done.send(result);
                }
            }
        }
    }
}

/// Run a check, a panic contained to it; `None` when it is no longer
/// wanted.
fn run(engines: &Engines, job: Job) -> Option<Done> {
    let text = job.ticket.take()?;
    let cancelled = || job.ticket.is_cancelled();
    if cancelled() {
        return None;
    }
    let path = job.path.as_deref();
    let analysis = match crate::guard::contain(|| analyse(engines, path, &text, &cancelled)) {
        Ok(analysis) => analysis?,
        Err(panic) => Analysis {
            linted: Linted::problem(
                FileKind::Other,
                format!("boardlint: internal error: {panic}"),
            ),
            hunks: Vec::new(),
        },
    };
    Some(Done {
        uri: job.uri,
        generation: job.generation,
        analysis,
    })
}

/// What the engine says of a document, as `boardlint check` says it of the
/// file (its kind from the path, the text and the configuration's `kinds`;
/// the file's own contribution to its run), each with its fix, and
/// `fmt`'s rewrite as hunks. `None` as soon as `cancelled`
/// says so between its steps.
pub fn analyse(
    engines: &Engines,
    path: Option<&Path>,
    text: &str,
    cancelled: &dyn Fn() -> bool,
) -> Option<Analysis> {
    let engine = match lint::engine(engines, path, text) {
        Ok(engine) => engine,
        Err(why) => {
            return Some(Analysis {
                linted: Linted::problem(FileKind::Other, why),
                hunks: Vec::new(),
            })
        }
    };
    let kind = engine.kind(path, text);
    if kind == FileKind::Other {
        return Some(Analysis {
            linted: Linted::clean(kind),
            hunks: Vec::new(),
        });
    }
    let run = match path {
        Some(path) => engine.contribution(path, text),
        None => Default::default(),
    };
    let diagnostics = engine.check_in_run(path, text, &run);
    if cancelled() {
        return None;
    }
    // The rewrite as replacements when it is known so (each a card, block
    // or marker printed again), else whole, its hunks the lines it changes.
    let hunks = match engine.format_replacements(path, text) {
        Some(replacements) => replacements
            .into_iter()
            .map(|(span, text)| Hunk { span, text })
            .collect(),
        None => match engine.format(path, text) {
            Some(formatted) => actions::hunks(text, &formatted),
            None => Vec::new(),
        },
    };
    // No edit the server sends writes out a credential: each is kept where
    // it is and the text around it replaced.
    let hunks = actions::private(text, hunks);
    if cancelled() {
        return None;
    }
    Some(Analysis {
        linted: Linted {
            kind,
            diagnostics,
            problem: None,
        },
        hunks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::engines::MAX_TEXT;
    use crate::lines::Unit;
    use lsp_types::{DiagnosticSeverity, NumberOrString, Uri};

    fn analysed(text: &str) -> Analysis {
        analyse(&Engines::isolated(), None, text, &|| false).unwrap()
    }

    #[test]
    fn a_diagnostic_has_its_code_link_source_and_utf16_range() {
        let text = "😀\nCFO: [INVOKE:cfo|What is our runway?]\n";
        let linted = analysed(text).linted;
        assert_eq!(linted.kind, FileKind::Transcript);
        let uri: Uri = "untitled:a".parse().unwrap();
        let all = lint::to_lsp(&linted, &uri, text, Unit::Utf16);
        let d = all
            .iter()
            .find(|d| d.code == Some(NumberOrString::String("L001".into())))
            .unwrap();
        assert_eq!((d.range.start.line, d.range.start.character), (1, 5));
        assert_eq!(d.source.as_deref(), Some("boardlint"));
        assert_eq!(d.severity, Some(DiagnosticSeverity::ERROR));
        assert_eq!(
            d.code_description.as_ref().unwrap().href.as_str(),
            "https://github.com/boardlint/boardlint/blob/main/docs/rules/L001.md"
        );
    }

    #[test]
    fn too_large_a_text_is_one_problem_not_a_check() {
        let text = "a".repeat(MAX_TEXT + 1);
        let analysis = analysed(&text);
        assert!(analysis.linted.diagnostics.is_empty() && analysis.hunks.is_empty());
        let problem = analysis.linted.problem.unwrap();
        assert!(problem.contains("16 MiB"), "{problem}");
    }

    #[test]
    fn the_hunks_make_fmt_s_rewrite_and_the_fixable_are_marked() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt");
        let draft = std::fs::read_to_string(root.join("en-alert-bare-lines.md")).unwrap();
        let formatted =
            std::fs::read_to_string(root.join("en-alert-bare-lines.formatted")).unwrap();
        let analysis = analysed(&draft);
        let mut out = draft.clone();
        for h in analysis.hunks.iter().rev() {
            out.replace_range(h.span.clone(), &h.text);
        }
        assert_eq!(out, formatted);
        let fixable: Vec<bool> = analysis
            .linted
            .diagnostics
            .iter()
            .map(|d| d.fixable)
            .collect();
        assert_eq!(fixable, [true]);
    }

    #[test]
    fn a_check_no_longer_wanted_stops_and_is_never_sent() {
        assert!(analyse(&Engines::isolated(), None, "CFO: hi\n", &|| true).is_none());
        let (checks, finished) = Checks::start(Arc::new(Engines::isolated()), 1);
        let job = |generation: u64, cancelled: bool| {
            let ticket = Ticket::new("CFO: [INVOKE:cfo|What is our runway?]\n".into());
            if cancelled {
                ticket.cancel();
                assert!(ticket.take().is_none(), "the text is let go");
            }
            Job {
                uri: "untitled:a".into(),
                generation,
                path: None,
                ticket,
            }
        };
        checks.submit(job(1, true));
        checks.submit(job(2, false));
        let done = finished
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap();
        assert_eq!(done.generation, 2);
        assert_eq!(done.analysis.linted.diagnostics[0].code, "L001");
        // Without workers, a check runs as it is submitted.
        let (inline, finished) = Checks::start(Arc::new(Engines::isolated()), 0);
        inline.submit(job(3, false));
        assert_eq!(finished.try_recv().unwrap().generation, 3);
    }
}
