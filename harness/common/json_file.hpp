// Reports on disk, plain or gzip-compressed: a path ending in ".gz" is written compressed (gzip,
// compact JSON), and every reader of reports (report, compare, export, html) takes either, told
// apart by the gzip magic bytes rather than the name. Compression keeps every field: the default
// proximity report goes from tens of megabytes to a few (docs/report-format.md).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace touchstone {

// True when `path` names a gzip file to write (it ends in ".gz").
bool gzip_path(std::string_view path);

// `text` as one gzip member; throws std::runtime_error when zlib fails.
std::string gzip_text(std::string_view text);

// The bytes of `data`, inflated when they start with gzip's magic bytes, else as they are.
// Throws std::runtime_error on a damaged stream or when the text would exceed `max_bytes`.
std::string gunzip_if_compressed(std::string data, std::size_t max_bytes);

// The largest report text read (inflated): a report bigger than this is refused, not read.
inline constexpr std::size_t kMaxReportBytes = std::size_t{2} << 30;

// The JSON document in `path` (plain or gzip), read with the bounded case-document reader; nullopt
// after "error: cannot read <what><path>: <why>" on stderr.
std::optional<nlohmann::json> read_json_report(const std::string& path, std::string_view what);

}  // namespace touchstone
