//! The message loop: the lifecycle (initialize, shutdown, exit), the
//! documents' notifications, the requests, and when diagnostics go out.
//!
//! The loop never checks a document itself: checks run on worker threads
//! (`checks.rs`), and the loop waits for the next message, the next check
//! done, or the earliest edit's deadline, whichever comes first. A check
//! starts when a document is opened or saved, and once no edit has come
//! for [`DEBOUNCE`]; its diagnostics are pushed
//! (`textDocument/publishDiagnostics`) when it is done, unless the
//! document changed meanwhile: then the check is called off, and only the
//! newest version's diagnostics are ever published. A client that can pull
//! them (`textDocument/diagnostic`) pulls them instead.
//!
//! Hover and code actions are answered at once with what is known of the
//! document's current text: while its check runs, hover shows what the
//! text alone says (a rule's code, a marker) and code actions are none.
//! Formatting and a pull of diagnostics need the check: they wait for it,
//! and are answered when it is done (`$/cancelRequest` answers one that
//! waits with `RequestCancelled`).
//!
//! Every handler runs with its panics contained (`crate::guard`): a bug
//! becomes an internal error answer to that request, never the end of the
//! server. Bad parameters are an invalid-params answer; unknown methods
//! are method-not-found; unknown notifications, and edits to documents
//! that are not open, are ignored with a line in the client's log.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notify, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionOptions, CodeActionParams, CodeActionProviderCapability, DiagnosticOptions,
    DiagnosticServerCapabilities, DidChangeTextDocumentParams, DidChangeWatchedFilesParams,
    DidChangeWatchedFilesRegistrationOptions, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DidSaveTextDocumentParams, DocumentDiagnosticParams,
    DocumentDiagnosticReport, DocumentDiagnosticReportResult, DocumentFormattingParams,
    FileSystemWatcher, FullDocumentDiagnosticReport, GlobPattern, HoverParams,
    HoverProviderCapability, InitializeParams, InitializeResult, LogMessageParams, MessageType,
    OneOf, PublishDiagnosticsParams, Registration, RegistrationParams,
    RelatedFullDocumentDiagnosticReport, ServerCapabilities, ServerInfo, TextDocumentIdentifier,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::actions;
use super::checks::{Checks, Done, Job, Ticket};
use super::documents::Documents;
use super::lint;
use super::positions;
use crate::commands::engines::{checks_at_once, Engines};
use crate::lines::Unit;

/// How long after the last edit of a document its check starts.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// The exit code when the client ends the session without `shutdown`, as
/// the protocol says (0 after it).
const EXIT_WITHOUT_SHUTDOWN: i32 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before `initialize`: every request but it is refused.
    Waiting,
    Running,
    /// After `shutdown`: only `exit` is acted on.
    ShutDown,
}

/// What a request answers: a result, or an error code and message.
type Answer = Result<Value, (ErrorCode, String)>;

struct Session<'a> {
    connection: &'a Connection,
    engines: Arc<Engines>,
    checks: Checks,
    documents: Documents,
    state: State,
    unit: Unit,
    /// The client pulls diagnostics: none are pushed.
    pull: bool,
    /// The client can be asked to pull again (`workspace/diagnostic/refresh`).
    refresh: bool,
    /// The client watches files for the server when asked to.
    watch: bool,
    /// The configuration files it was asked to watch.
    watching: BTreeSet<PathBuf>,
    /// Documents edited, and when their checks are due.
    due: HashMap<String, Instant>,
    /// Requests that wait for a document's check (formatting, pulled
    /// diagnostics), with the document's URI, in the order they came.
    waiting: Vec<(String, Request)>,
    next_id: i32,
}

/// Serve the connection until `exit`, or until the client goes away; the
/// process's exit code.
pub fn serve(connection: &Connection, engines: Engines) -> i32 {
    serve_with(connection, engines, checks_at_once())
}

/// [`serve`] with this many workers to check documents; with none, each
/// check runs on the loop as it starts, and its result is taken before the
/// next message (the fuzz target's way: one message after the other, the
/// same every time).
pub fn serve_with(connection: &Connection, engines: Engines, workers: usize) -> i32 {
    let engines = Arc::new(engines);
    let (checks, finished) = Checks::start(engines.clone(), workers);
    let mut session = Session {
        connection,
        engines,
        checks,
        documents: Documents::default(),
        state: State::Waiting,
        unit: Unit::Utf16,
        pull: false,
        refresh: false,
        watch: false,
        watching: BTreeSet::new(),
        due: HashMap::new(),
        waiting: Vec::new(),
        next_id: 0,
    };
    let code = session.run(&finished);
    // What is still being checked is no longer wanted.
    session.documents.cancel_all();
    code
}

/// What the loop woke up for.
enum Event {
    Message(Message),
    Checked(Done),
    /// An edit's deadline passed.
    Due,
    /// The client is gone.
    Gone,
}

impl Session<'_> {
    fn run(&mut self, finished: &Receiver<Done>) -> i32 {
        loop {
            let event = match finished.try_recv() {
                // A check done first: what it found is current before the
                // next message is read.
                Ok(done) => Event::Checked(done),
                Err(_) => self.next_event(finished),
            };
            match event {
                Event::Message(message) => {
                    if let Some(code) = self.handle(message) {
                        return code;
                    }
                }
                Event::Checked(done) => self.checked(done),
                Event::Due => {}
                Event::Gone => return EXIT_WITHOUT_SHUTDOWN,
            }
            if self.state == State::Running {
                self.start_due();
                self.follow_configuration();
            }
        }
    }

    fn next_event(&self, finished: &Receiver<Done>) -> Event {
        let deadline = match self.due.values().min() {
            Some(&at) => crossbeam_channel::at(at),
            None => crossbeam_channel::never(),
        };
        crossbeam_channel::select! {
            recv(self.connection.receiver) -> message => match message {
                Ok(message) => Event::Message(message),
                Err(_) => Event::Gone,
            },
            recv(finished) -> done => match done {
                Ok(done) => Event::Checked(done),
                // The session holds a sender: never.
                Err(_) => Event::Gone,
            },
            recv(deadline) -> _ => Event::Due,
        }
    }
}

fn params<P: DeserializeOwned>(value: Value) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(value).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

impl Session<'_> {
    fn send(&self, message: impl Into<Message>) {
        // The client is gone: the loop sees it at its next receive.
        let _ = self.connection.sender.send(message.into());
    }

    fn log(&self, kind: MessageType, message: String) {
        let params = LogMessageParams { typ: kind, message };
        self.send(Notification::new(notify::LogMessage::METHOD.into(), params));
    }

    fn request_client(&mut self, method: &str, params: impl serde::Serialize) {
        self.next_id += 1;
        let id = RequestId::from(format!("boardlint-{}", self.next_id));
        self.send(Request::new(id, method.into(), params));
    }

    /// Act on one message; the exit code once the session is over.
    fn handle(&mut self, message: Message) -> Option<i32> {
        match message {
            Message::Request(request) => {
                match self.waits_for_check(&request) {
                    Some(uri) => {
                        self.start_check(&uri);
                        self.waiting.push((uri, request));
                    }
                    None => self.answer(request),
                }
                None
            }
            Message::Notification(n) if n.method == notify::Exit::METHOD => {
                Some(if self.state == State::ShutDown {
                    0
                } else {
                    EXIT_WITHOUT_SHUTDOWN
                })
            }
            Message::Notification(n) => {
                if self.state != State::Running {
                    return None;
                }
                let method = n.method.clone();
                let done = crate::guard::contain(|| self.notification(n));
                match done {
                    Ok(Ok(())) => {}
                    Ok(Err(why)) => self.log(MessageType::WARNING, format!("{method}: {why}")),
                    Err(panic) => self.log(
                        MessageType::ERROR,
                        format!("{method}: internal error: {panic}"),
                    ),
                }
                None
            }
            // Answers to the server's own requests (registrations,
            // refreshes): nothing waits for them.
            Message::Response(_) => None,
        }
    }

    /// Answer a request, a panic in its handler contained to it.
    fn answer(&mut self, request: Request) {
        let id = request.id.clone();
        let answer = match crate::guard::contain(|| self.request(request)) {
            Ok(answer) => answer,
            Err(panic) => Err((ErrorCode::InternalError, format!("internal error: {panic}"))),
        };
        let response = match answer {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response);
    }

    /// The open document a request must wait for the check of: formatting
    /// and a pull of diagnostics, of a document whose current text is not
    /// checked yet.
    fn waits_for_check(&self, request: &Request) -> Option<String> {
        if self.state != State::Running
            || !matches!(
                request.method.as_str(),
                req::Formatting::METHOD | req::DocumentDiagnosticRequest::METHOD
            )
        {
            return None;
        }
        let document = request.params.get("textDocument")?;
        let id: TextDocumentIdentifier = serde_json::from_value(document.clone()).ok()?;
        let uri = id.uri.as_str();
        let open = self.documents.get(uri)?;
        open.analysis.is_none().then(|| uri.to_string())
    }

    /// Answer the requests that wait for `uri`'s check, now that it is
    /// done (or the document is gone).
    fn answer_waiting(&mut self, uri: &str) {
        let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|(u, _)| u == uri);
        self.waiting = later;
        for (_, request) in now {
            self.answer(request);
        }
    }

    /// Answer every request that waits with an error (`$/cancelRequest`,
    /// or the session shutting down).
    fn refuse_waiting(&mut self, which: impl Fn(&Request) -> bool, message: &str) {
        let (refused, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|(_, r)| which(r));
        self.waiting = kept;
        for (_, request) in refused {
            self.send(Response::new_err(
                request.id,
                ErrorCode::RequestCanceled as i32,
                message.to_string(),
            ));
        }
    }

    fn request(&mut self, request: Request) -> Answer {
        let method = request.method.as_str();
        match (self.state, method) {
            (State::Waiting, req::Initialize::METHOD) => {
                return self.initialize(params(request.params)?)
            }
            (State::Waiting, _) => {
                return Err((
                    ErrorCode::ServerNotInitialized,
                    format!("`{method}` before `initialize`"),
                ))
            }
            (State::ShutDown, _) => {
                return Err((
                    ErrorCode::InvalidRequest,
                    format!("`{method}` after `shutdown`"),
                ))
            }
            (State::Running, req::Initialize::METHOD) => {
                return Err((ErrorCode::InvalidRequest, "initialized already".into()))
            }
            (State::Running, _) => {}
        }
        match method {
            req::Shutdown::METHOD => {
                self.state = State::ShutDown;
                self.due.clear();
                self.documents.cancel_all();
                self.refuse_waiting(
                    |_| true,
                    "the server shut down before the document was checked",
                );
                Ok(Value::Null)
            }
            req::DocumentDiagnosticRequest::METHOD => {
                self.pull_diagnostics(params(request.params)?)
            }
            req::CodeActionRequest::METHOD => self.code_actions(params(request.params)?),
            req::Formatting::METHOD => self.formatting(params(request.params)?),
            req::HoverRequest::METHOD => self.hover(params(request.params)?),
            _ => Err((ErrorCode::MethodNotFound, format!("no method `{method}`"))),
        }
    }

    fn initialize(&mut self, params: InitializeParams) -> Answer {
        let capabilities = &params.capabilities;
        let offered = capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        let (unit, encoding) = positions::negotiate(offered);
        self.unit = unit;
        self.pull = capabilities
            .text_document
            .as_ref()
            .is_some_and(|t| t.diagnostic.is_some());
        let workspace = capabilities.workspace.as_ref();
        self.refresh = workspace
            .and_then(|w| w.diagnostic.as_ref())
            .and_then(|d| d.refresh_support)
            .unwrap_or(false);
        self.watch = workspace
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        self.state = State::Running;
        let capabilities = ServerCapabilities {
            position_encoding: Some(encoding),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                    ..Default::default()
                },
            )),
            diagnostic_provider: self.pull.then(|| {
                DiagnosticServerCapabilities::Options(DiagnosticOptions {
                    identifier: Some(lint::SOURCE.into()),
                    inter_file_dependencies: false,
                    workspace_diagnostics: false,
                    work_done_progress_options: Default::default(),
                })
            }),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(actions::kinds()),
                resolve_provider: Some(false),
                work_done_progress_options: Default::default(),
            })),
            document_formatting_provider: Some(OneOf::Left(true)),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            ..Default::default()
        };
        let result = InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "boardlint".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        };
        serde_json::to_value(result).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    fn notification(&mut self, n: Notification) -> Result<(), String> {
        let json = |e: serde_json::Error| format!("bad parameters: {e}");
        match n.method.as_str() {
            notify::Initialized::METHOD => {
                self.register_watchers(true);
                Ok(())
            }
            notify::DidOpenTextDocument::METHOD => {
                let p: DidOpenTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri.as_str().to_string();
                self.documents
                    .open(uri.clone(), p.text_document.text, p.text_document.version);
                self.due.remove(&uri);
                if !self.pull {
                    self.start_check(&uri);
                }
                Ok(())
            }
            notify::DidChangeTextDocument::METHOD => {
                let p: DidChangeTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri.as_str().to_string();
                let unit = self.unit;
                let Some(document) = self.documents.get_mut(&uri) else {
                    return Err(format!("{uri} is not open"));
                };
                document.apply(p.text_document.version, p.content_changes, unit)?;
                // Whatever is being checked of it is moot now.
                self.documents.renew(&uri);
                if !self.pull || self.waiting.iter().any(|(u, _)| *u == uri) {
                    self.due.insert(uri, Instant::now() + DEBOUNCE);
                }
                Ok(())
            }
            notify::DidSaveTextDocument::METHOD => {
                let p: DidSaveTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri.as_str().to_string();
                let Some(document) = self.documents.get(&uri) else {
                    return Err(format!("{uri} is not open"));
                };
                if self.pull {
                    return Ok(());
                }
                self.due.remove(&uri);
                if document.analysis.is_some() {
                    self.publish(&uri);
                } else {
                    self.start_check(&uri);
                }
                Ok(())
            }
            notify::DidCloseTextDocument::METHOD => {
                let p: DidCloseTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri;
                self.due.remove(uri.as_str());
                if self.documents.close(uri.as_str()) && !self.pull {
                    self.send_diagnostics(uri.clone(), Vec::new(), None);
                }
                // What waited for its check is answered as for a document
                // that is not open.
                self.answer_waiting(uri.as_str());
                Ok(())
            }
            notify::DidChangeWatchedFiles::METHOD => {
                let _: DidChangeWatchedFilesParams =
                    serde_json::from_value(n.params).map_err(json)?;
                self.recheck_all();
                Ok(())
            }
            notify::Cancel::METHOD => {
                let p: lsp_types::CancelParams = serde_json::from_value(n.params).map_err(json)?;
                let id = match p.id {
                    lsp_types::NumberOrString::Number(n) => RequestId::from(n),
                    lsp_types::NumberOrString::String(s) => RequestId::from(s),
                };
                // A request already answered: nothing to do.
                self.refuse_waiting(|r| r.id == id, "cancelled");
                Ok(())
            }
            // `$/setTrace`, and whatever else: nothing to do.
            _ => Ok(()),
        }
    }

    /// Start checking a document's current text, unless it is checked
    /// already or being checked.
    fn start_check(&mut self, uri: &str) {
        let Some(document) = self.documents.get_mut(uri) else {
            return;
        };
        if document.analysis.is_some() || document.check.is_some() {
            return;
        }
        let ticket = Ticket::new(document.text.clone());
        document.check = Some(ticket.clone());
        let job = Job {
            uri: uri.to_string(),
            generation: document.generation,
            path: document.path.clone(),
            ticket,
        };
        self.checks.submit(job);
    }

    /// A check is done: keep what it found if the document is still as it
    /// was checked, then publish it (or answer the pulls that wait for it).
    fn checked(&mut self, done: Done) {
        let Some(document) = self.documents.get_mut(&done.uri) else {
            return;
        };
        if document.generation != done.generation || self.state != State::Running {
            return;
        }
        document.analysis = Some(done.analysis);
        document.check = None;
        if !self.pull {
            self.publish(&done.uri);
        }
        self.answer_waiting(&done.uri);
        // The check may have read configuration files not known before.
        self.register_watchers(false);
    }

    /// A document's diagnostics as published, and its version, once its
    /// current text is checked.
    fn diagnostics_of(&self, uri: &str) -> Option<(Vec<lsp_types::Diagnostic>, i32)> {
        let parsed: Uri = uri.parse().ok()?;
        let document = self.documents.get(uri)?;
        let analysis = document.analysis.as_ref()?;
        Some((
            lint::to_lsp(&analysis.linted, &parsed, &document.text, self.unit),
            document.version,
        ))
    }

    fn send_diagnostics(
        &self,
        uri: Uri,
        diagnostics: Vec<lsp_types::Diagnostic>,
        version: Option<i32>,
    ) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        self.send(Notification::new(
            notify::PublishDiagnostics::METHOD.into(),
            params,
        ));
    }

    /// Push a document's diagnostics, once its current text is checked.
    fn publish(&self, uri: &str) {
        let published = crate::guard::contain(|| {
            let (diagnostics, version) = self.diagnostics_of(uri)?;
            let parsed = uri.parse().ok()?;
            self.send_diagnostics(parsed, diagnostics, Some(version));
            Some(())
        });
        if let Err(panic) = published {
            self.log(
                MessageType::ERROR,
                format!("{uri}: internal error: {panic}"),
            );
        }
    }

    /// Start the checks of the documents whose last edit has settled.
    fn start_due(&mut self) {
        let now = Instant::now();
        let due: Vec<String> = self
            .due
            .iter()
            .filter(|(_, &at)| at <= now)
            .map(|(uri, _)| uri.clone())
            .collect();
        for uri in due {
            self.due.remove(&uri);
            self.start_check(&uri);
        }
    }

    /// A configuration loaded has changed on disk: check every open
    /// document again.
    fn follow_configuration(&mut self) {
        if self.engines.take_stale() {
            self.recheck_all();
        }
    }

    /// Every open document is read again: under a changed configuration,
    /// what was said of it may no longer hold. A client that pushes gets
    /// each one's new diagnostics as its check is done; one that pulls is
    /// asked to pull again.
    fn recheck_all(&mut self) {
        for uri in self.documents.uris() {
            self.documents.renew(&uri);
            self.due.remove(&uri);
            if !self.pull || self.waiting.iter().any(|(u, _)| *u == uri) {
                self.start_check(&uri);
            }
        }
        if self.pull && self.refresh {
            self.request_client(req::WorkspaceDiagnosticRefresh::METHOD, ());
        }
    }

    /// Ask the client to watch the configuration files: every
    /// `.boardlint.yaml` and `boardlint.yaml` at first, then each file a
    /// configuration extends as it is learned of. Without a client that
    /// watches, the files' stamps are compared at each message.
    fn register_watchers(&mut self, first: bool) {
        if !self.watch {
            return;
        }
        let mut patterns: Vec<String> = Vec::new();
        if first {
            patterns.extend(
                crate::config::CONFIG_NAMES
                    .iter()
                    .map(|n| format!("**/{n}")),
            );
        }
        for file in self.engines.watched() {
            let file = std::path::absolute(&file).unwrap_or(file);
            if self.watching.insert(file.clone()) {
                patterns.push(file.to_string_lossy().into_owned());
            }
        }
        if patterns.is_empty() {
            return;
        }
        let watchers = patterns
            .into_iter()
            .map(|p| FileSystemWatcher {
                glob_pattern: GlobPattern::String(p),
                kind: None,
            })
            .collect();
        let options = DidChangeWatchedFilesRegistrationOptions { watchers };
        let registration = Registration {
            id: format!("boardlint-watch-{}", self.next_id + 1),
            method: notify::DidChangeWatchedFiles::METHOD.into(),
            register_options: serde_json::to_value(options).ok(),
        };
        self.request_client(
            req::RegisterCapability::METHOD,
            RegistrationParams {
                registrations: vec![registration],
            },
        );
    }

    fn pull_diagnostics(&mut self, p: DocumentDiagnosticParams) -> Answer {
        let uri = p.text_document.uri.as_str().to_string();
        let items = self
            .diagnostics_of(&uri)
            .map(|(d, _)| d)
            .unwrap_or_default();
        self.register_watchers(false);
        let report = DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
            RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: None,
                    items,
                },
            },
        ));
        serde_json::to_value(report).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// The code actions of a document's checked text. While its current
    /// text is being checked there are none yet: the answer does not wait
    /// (clients ask again as the cursor moves, and as diagnostics come).
    fn code_actions(&mut self, p: CodeActionParams) -> Answer {
        let uri = p.text_document.uri.as_str();
        let unit = self.unit;
        let Some(document) = self.documents.get(uri) else {
            return Ok(Value::Null);
        };
        let range = positions::span_of(&document.index(), p.range, unit)
            .map_err(|e| (ErrorCode::InvalidParams, e))?;
        let (Some(analysis), Some((published, _))) =
            (document.analysis.as_ref(), self.diagnostics_of(uri))
        else {
            return Ok(Value::Array(Vec::new()));
        };
        let request = actions::Request {
            uri: &p.text_document.uri,
            text: &document.text,
            range,
            only: p.context.only.as_deref(),
            unit,
        };
        let found = actions::code_actions(&request, &analysis.linted, &published, &analysis.hunks);
        serde_json::to_value(found).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// `fmt`'s rewrite of a checked document as edits (a request for one
    /// not yet checked waits for its check: `waits_for_check`).
    fn formatting(&mut self, p: DocumentFormattingParams) -> Answer {
        let uri = p.text_document.uri.as_str();
        let Some(document) = self.documents.get(uri) else {
            return Ok(Value::Null);
        };
        let Some(analysis) = document.analysis.as_ref() else {
            return Ok(Value::Null);
        };
        if analysis.hunks.is_empty() {
            return Ok(Value::Null);
        }
        let all: Vec<&actions::Hunk> = analysis.hunks.iter().collect();
        let edits = actions::edits(&document.index(), &all, self.unit);
        serde_json::to_value(edits).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// Hover, at once: on a diagnostic once the current text is checked;
    /// on a rule's code or a marker, from the text alone.
    fn hover(&mut self, p: HoverParams) -> Answer {
        let at = p.text_document_position_params;
        let uri = at.text_document.uri.as_str().to_string();
        let Some(document) = self.documents.get(&uri) else {
            return Ok(Value::Null);
        };
        let offset = positions::offset_of(&document.index(), at.position, self.unit);
        let linted = document.analysis.as_ref().map(|a| &a.linted);
        let shown = super::hover::hover(&document.text, linted, offset, self.unit);
        serde_json::to_value(shown).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }
}
