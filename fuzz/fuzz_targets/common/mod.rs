//! Shared by the record fuzz targets: any bytes that are text, checked as a
//! file of one kind (its reader and every rule of its family).

use boardlint::{Engine, FileKind};

pub fn check_as(kind: FileKind, data: &[u8]) {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Engine::default().check_as(kind, None, source);
}
