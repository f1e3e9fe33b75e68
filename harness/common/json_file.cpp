// Plain or gzip reports on disk (see json_file.hpp): zlib's deflate and inflate in memory.
#include "harness/common/json_file.hpp"

#include <zlib.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "cases/format/json_reader.hpp"
#include "harness/common/reporter.hpp"

namespace touchstone {

namespace {
// windowBits 15 with 16 added: a gzip header and trailer (zlib's manual, deflateInit2).
constexpr int kGzipWindow = 15 + 16;
}  // namespace

bool gzip_path(std::string_view path) {
  return path.size() > 3 && path.substr(path.size() - 3) == ".gz";
}

std::string gzip_text(std::string_view text) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot start compressing");
  std::string out;
  char buffer[1 << 16];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  std::size_t left = text.size();
  int status = Z_OK;
  do {
    // avail_in is 32 bits: feed the text in slices.
    if (z.avail_in == 0 && left > 0) {
      z.avail_in = static_cast<uInt>(std::min<std::size_t>(left, 1u << 30));
      left -= z.avail_in;
    }
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = deflate(&z, left == 0 && z.avail_in == 0 ? Z_FINISH : Z_NO_FLUSH);
    if (status == Z_STREAM_ERROR) break;
    out.append(buffer, sizeof buffer - z.avail_out);
  } while (status != Z_STREAM_END);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: compressing failed");
  return out;
}

std::string gunzip_if_compressed(std::string data, std::size_t max_bytes) {
  if (data.size() < 2 || static_cast<unsigned char>(data[0]) != 0x1f ||
      static_cast<unsigned char>(data[1]) != 0x8b) {
    if (data.size() > max_bytes) throw std::runtime_error("larger than the limit");
    return data;
  }
  z_stream z{};
  if (inflateInit2(&z, kGzipWindow) != Z_OK)
    throw std::runtime_error("zlib: cannot start decompressing");
  std::string out;
  char buffer[1 << 16];
  z.next_in = reinterpret_cast<Bytef*>(data.data());
  std::size_t left = data.size();
  int status = Z_OK;
  std::string why;
  for (;;) {
    if (z.avail_in == 0 && left > 0) {
      z.avail_in = static_cast<uInt>(std::min<std::size_t>(left, 1u << 30));
      left -= z.avail_in;
    }
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = inflate(&z, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      why = status == Z_BUF_ERROR ? "gzip stream cut short"
                                  : std::string("damaged gzip stream: ") + (z.msg ? z.msg : "?");
      break;
    }
    out.append(buffer, sizeof buffer - z.avail_out);
    if (out.size() > max_bytes) {
      why = "inflates to more than the limit of " + std::to_string(max_bytes) + " bytes";
      break;
    }
    if (status == Z_STREAM_END) break;
  }
  inflateEnd(&z);
  if (!why.empty()) throw std::runtime_error(why);
  return out;
}

std::optional<nlohmann::json> read_json_report(const std::string& path, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  if (in) bytes << in.rdbuf();
  if (!in) {
    std::cerr << "error: cannot read " << what << path << ": no such readable file\n";
    return std::nullopt;
  }
  try {
    return read_json_document(gunzip_if_compressed(std::move(bytes).str(), kMaxReportBytes),
                              kMaxJsonDepth);
  } catch (const DocumentError& e) {
    std::cerr << "error: cannot read " << what << path << ": "
              << (e.field.empty() ? "" : e.field + ": ") << e.message << "\n";
  } catch (const std::exception& e) {
    std::cerr << "error: cannot read " << what << path << ": " << e.what() << "\n";
  }
  return std::nullopt;
}

}  // namespace touchstone
