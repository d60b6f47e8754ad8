//! Shared by the record fuzz targets: any bytes that are text, checked as a
//! file of one kind (its reader and every rule of its family).

use boardlint::kinds::FileKind;
use boardlint::settings::Settings;

pub fn check_as(kind: FileKind, data: &[u8]) {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let settings = Settings {
        kind: Some(kind),
        ..Settings::default()
    };
    let _ = boardlint::check_file(None, source, &settings);
}
