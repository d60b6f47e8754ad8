//! Configuration: the resolved settings of a configuration file and the
//! files it extends, and what they say of each path.
//!
//! Every setting is one row of [`table`]; a file's YAML is read in [`file`],
//! the one module that knows the YAML crate; [`discover`] finds a path's
//! file and follows `extends`; [`resolve`] applies the files' values, base
//! first; [`selectors`] holds what rule selectors name; [`overrides`] makes
//! the command line's settings (`--config KEY=VALUE`, read by [`file`]) and
//! rule and exclude flags more layers.

mod discover;
mod error;
mod file;
mod layer;
mod overrides;
mod paths;
mod resolve;
mod resolved;
mod resolver;
mod selectors;
mod table;

pub use discover::find;
pub use error::{ConfigError, Source};
pub use file::CONFIG_NAMES;
pub use overrides::{inline_setting, FlagLayer, Overrides};
pub use resolved::Config;
pub use resolver::{ConfigFailure, Keep, Resolved, Resolver};
pub use selectors::{nearest_rule, resolve_selector};
pub use table::reference_markdown;

/// The commented default configuration `boardlint init` writes.
pub const DEFAULT_CONFIG: &str = include_str!("default.boardlint.yaml");
