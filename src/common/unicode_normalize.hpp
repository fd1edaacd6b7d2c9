// src/common/unicode_normalize.hpp — Unicode normalization of VARCHAR text (ICU's).
//
// What the NFC and NOACCENT collations compare by, and the functions nfc_normalize and
// strip_accents. ASCII text is its own normal form and is returned without a copy into
// ICU's UTF-16.
#pragma once

#include <string>
#include <string_view>

namespace teal {

/// `text` (valid UTF-8) in Normalization Form C.
std::string NfcNormalize(std::string_view text);

/// `text` (valid UTF-8) without its accents and other combining marks: decomposed (NFD),
/// the nonspacing marks (general category Mn) dropped, composed again (NFC). 'Mühleisen'
/// becomes 'Muhleisen'.
std::string StripAccents(std::string_view text);

}  // namespace teal
