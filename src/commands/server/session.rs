//! The message loop: the lifecycle (initialize, shutdown, exit), the
//! documents' notifications, the requests, and when diagnostics go out.
//!
//! Diagnostics are pushed (`textDocument/publishDiagnostics`) on open and
//! save at once, and on change once no edit has come for [`DEBOUNCE`]: the
//! loop waits for the next message or for the earliest such deadline,
//! whichever comes first, so typing never waits for a check. A client that
//! can pull them (`textDocument/diagnostic`) pulls them instead.
//!
//! Every handler runs with its panics contained (`crate::guard`): a bug
//! becomes an internal error answer to that request, never the end of the
//! server. Bad parameters are an invalid-params answer; unknown methods
//! are method-not-found; unknown notifications, and edits to documents
//! that are not open, are ignored with a line in the client's log.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossbeam_channel::RecvTimeoutError;
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
    RelatedFullDocumentDiagnosticReport, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::actions;
use super::documents::Documents;
use super::lint::{self, Linted};
use super::positions;
use crate::commands::engines::Engines;
use crate::lines::Unit;

/// How long after the last edit of a document its diagnostics go out.
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
    engines: Engines,
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
    /// Documents edited, and when their diagnostics are due.
    due: HashMap<String, Instant>,
    next_id: i32,
}

/// Serve the connection until `exit`, or until the client goes away; the
/// process's exit code.
pub fn serve(connection: &Connection, engines: Engines) -> i32 {
    let mut session = Session {
        connection,
        engines,
        documents: Documents::default(),
        state: State::Waiting,
        unit: Unit::Utf16,
        pull: false,
        refresh: false,
        watch: false,
        watching: BTreeSet::new(),
        due: HashMap::new(),
        next_id: 0,
    };
    loop {
        let received = match session.due.values().min().copied() {
            Some(deadline) => match connection.receiver.recv_deadline(deadline) {
                Ok(message) => Some(message),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return EXIT_WITHOUT_SHUTDOWN,
            },
            None => match connection.receiver.recv() {
                Ok(message) => Some(message),
                Err(_) => return EXIT_WITHOUT_SHUTDOWN,
            },
        };
        if let Some(message) = received {
            if let Some(code) = session.handle(message) {
                return code;
            }
        }
        if session.state == State::Running {
            session.publish_due();
            session.follow_configuration();
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
                let id = request.id.clone();
                let answer = match crate::guard::contain(|| self.request(request)) {
                    Ok(answer) => answer,
                    Err(panic) => {
                        Err((ErrorCode::InternalError, format!("internal error: {panic}")))
                    }
                };
                let response = match answer {
                    Ok(value) => Response::new_ok(id, value),
                    Err((code, message)) => Response::new_err(id, code as i32, message),
                };
                self.send(response);
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
                self.publish(&uri);
                Ok(())
            }
            notify::DidChangeTextDocument::METHOD => {
                let p: DidChangeTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri.as_str().to_string();
                let unit = self.unit;
                let Some(document) = self.documents.get_mut(&uri) else {
                    return Err(format!("{uri} is not open: the change is ignored"));
                };
                document.apply(p.text_document.version, p.content_changes, unit)?;
                if !self.pull {
                    self.due.insert(uri, Instant::now() + DEBOUNCE);
                }
                Ok(())
            }
            notify::DidSaveTextDocument::METHOD => {
                let p: DidSaveTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri.as_str().to_string();
                if self.documents.get(&uri).is_none() {
                    return Err(format!("{uri} is not open"));
                }
                self.due.remove(&uri);
                self.publish(&uri);
                Ok(())
            }
            notify::DidCloseTextDocument::METHOD => {
                let p: DidCloseTextDocumentParams =
                    serde_json::from_value(n.params).map_err(json)?;
                let uri = p.text_document.uri;
                self.due.remove(uri.as_str());
                if self.documents.close(uri.as_str()) && !self.pull {
                    self.send_diagnostics(uri, Vec::new(), None);
                }
                Ok(())
            }
            notify::DidChangeWatchedFiles::METHOD => {
                let _: DidChangeWatchedFilesParams =
                    serde_json::from_value(n.params).map_err(json)?;
                self.recheck_all();
                Ok(())
            }
            // `$/cancelRequest` (every request is answered before the next
            // is read), `$/setTrace`, and whatever else: nothing to do.
            _ => Ok(()),
        }
    }

    /// What the engine says of an open document, from the cache if its text
    /// has not changed since.
    fn linted(&mut self, uri: &str) -> Option<&Linted> {
        let engines = &self.engines;
        let document = self.documents.get_mut(uri)?;
        if document.linted.is_none() {
            let path = document.path.as_deref();
            let text = &document.text;
            let linted =
                crate::guard::contain(|| lint::lint(engines, path, text)).unwrap_or_else(|panic| {
                    Linted {
                        kind: crate::kinds::FileKind::Other,
                        diagnostics: Vec::new(),
                        fixable: Vec::new(),
                        problem: Some(format!("boardlint: internal error: {panic}")),
                    }
                });
            document.linted = Some(linted);
        }
        document.linted.as_ref()
    }

    fn diagnostics_of(&mut self, uri: &str) -> Option<(Vec<lsp_types::Diagnostic>, i32)> {
        let unit = self.unit;
        let parsed: Uri = uri.parse().ok()?;
        self.linted(uri)?;
        let document = self.documents.get(uri)?;
        let linted = document.linted.as_ref()?;
        Some((
            lint::to_lsp(linted, &parsed, &document.text, unit),
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

    /// Push a document's diagnostics, unless the client pulls them.
    fn publish(&mut self, uri: &str) {
        if self.pull {
            return;
        }
        let Some((diagnostics, version)) = self.diagnostics_of(uri) else {
            return;
        };
        if let Ok(parsed) = uri.parse() {
            self.send_diagnostics(parsed, diagnostics, Some(version));
        }
        self.register_watchers(false);
    }

    fn publish_due(&mut self) {
        let now = Instant::now();
        let due: Vec<String> = self
            .due
            .iter()
            .filter(|(_, &at)| at <= now)
            .map(|(uri, _)| uri.clone())
            .collect();
        for uri in due {
            self.due.remove(&uri);
            let published = crate::guard::contain(|| self.publish(&uri));
            if let Err(panic) = published {
                self.log(
                    MessageType::ERROR,
                    format!("{uri}: internal error: {panic}"),
                );
            }
        }
    }

    /// A configuration loaded has changed on disk: check every open
    /// document again.
    fn follow_configuration(&mut self) {
        if self.engines.stale() {
            self.recheck_all();
        }
    }

    fn recheck_all(&mut self) {
        self.documents.forget_lints();
        for uri in self.documents.uris() {
            self.due.remove(&uri);
            // Read the configuration again, whoever shows the result.
            self.linted(&uri);
            self.publish(&uri);
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

    /// `fmt`'s hunks of an open document: none for a kind it does not
    /// rewrite, a text over the limit, or a configuration with errors.
    fn hunks(&self, uri: &str) -> Vec<actions::Hunk> {
        let Some(document) = self.documents.get(uri) else {
            return Vec::new();
        };
        let path = document.path.as_deref();
        let Ok(engine) = lint::engine(&self.engines, path, &document.text) else {
            return Vec::new();
        };
        let text = &document.text;
        if let Some(replacements) = engine.format_replacements(path, text) {
            return replacements
                .into_iter()
                .map(|(span, text)| actions::Hunk { span, text })
                .collect();
        }
        // Known only whole: the lines it changes.
        match engine.format(path, text) {
            Some(formatted) => actions::hunks(text, &formatted),
            None => Vec::new(),
        }
    }

    fn code_actions(&mut self, p: CodeActionParams) -> Answer {
        let uri = p.text_document.uri.as_str().to_string();
        let Some((published, _)) = self.diagnostics_of(&uri) else {
            return Ok(Value::Null);
        };
        let hunks = self.hunks(&uri);
        let unit = self.unit;
        let Some(document) = self.documents.get(&uri) else {
            return Ok(Value::Null);
        };
        let Some(linted) = document.linted.as_ref() else {
            return Ok(Value::Null);
        };
        let range = positions::span_of(&document.index(), p.range, unit)
            .map_err(|e| (ErrorCode::InvalidParams, e))?;
        let request = actions::Request {
            uri: &p.text_document.uri,
            text: &document.text,
            range,
            only: p.context.only.as_deref(),
            unit,
        };
        let found = actions::code_actions(&request, linted, &published, &hunks);
        serde_json::to_value(found).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    fn formatting(&mut self, p: DocumentFormattingParams) -> Answer {
        let uri = p.text_document.uri.as_str().to_string();
        let hunks = self.hunks(&uri);
        let Some(document) = self.documents.get(&uri) else {
            return Ok(Value::Null);
        };
        if hunks.is_empty() {
            return Ok(Value::Null);
        }
        let all: Vec<&actions::Hunk> = hunks.iter().collect();
        let edits = actions::edits(&document.index(), &all, self.unit);
        serde_json::to_value(edits).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    fn hover(&mut self, p: HoverParams) -> Answer {
        let at = p.text_document_position_params;
        let uri = at.text_document.uri.as_str().to_string();
        self.linted(&uri);
        let Some(document) = self.documents.get(&uri) else {
            return Ok(Value::Null);
        };
        let offset = positions::offset_of(&document.index(), at.position, self.unit);
        let shown =
            super::hover::hover(&document.text, document.linted.as_ref(), offset, self.unit);
        serde_json::to_value(shown).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }
}
