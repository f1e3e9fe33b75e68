// Reader (and writer) of the continuous-collision benchmark's CSV queries (see the header).
#include "cases/format/ccd_csv.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace touchstone {

namespace {

const char* const kFieldNames[7] = {"x numerator", "x denominator", "y numerator", "y denominator",
                                    "z numerator", "z denominator", "ground truth"};

std::string_view strip(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool is_integer(std::string_view s) {
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Quotes at most 40 bytes of a field, bytes outside printable ASCII as \xNN (reports stay UTF-8).
std::string quote(std::string_view s) {
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (s.size() > 40) out += "...";
  return out + "'";
}

// Nearest double (ties either way), or nullopt beyond the double range.
std::optional<double> nearest_double(const mpq_class& q) {
  static const mpq_class max_double(std::numeric_limits<double>::max());
  if (abs(q) > max_double) return std::nullopt;
  const double d = q.get_d();  // truncated towards zero
  const double away = std::nextafter(d, sgn(q) < 0 ? -INFINITY : INFINITY);
  if (mpq_class(d) == q || !std::isfinite(away)) return d;
  return abs(q - mpq_class(d)) <= abs(mpq_class(away) - q) ? d : away;
}

struct Row {
  std::array<mpq_class, 3> xyz;
  bool truth = false;
};

// One row, or an error message (without the file and line).
std::optional<Row> parse_row(std::string_view line, std::string& error) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const auto comma = line.find(',', start);
    fields.push_back(
        strip(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (fields.size() != 7) {
    error = std::to_string(fields.size()) +
            " fields, expected 7 (x, y, z as numerator, "
            "denominator pairs, then the ground truth)";
    return std::nullopt;
  }
  Row row;
  for (int k = 0; k < 3; ++k) {
    mpz_class n, d;
    for (int h = 0; h < 2; ++h) {
      const std::string_view f = fields[2 * k + h];
      if (!is_integer(f)) {
        error = "field " + std::to_string(2 * k + h + 1) + " (" + kFieldNames[2 * k + h] +
                "): not an integer: " + quote(f);
        return std::nullopt;
      }
      const std::string s(f.front() == '+' ? f.substr(1) : f);
      (h == 0 ? n : d).set_str(s, 10);
    }
    if (sgn(d) == 0) {
      error =
          "field " + std::to_string(2 * k + 2) + " (" + kFieldNames[2 * k + 1] + "): denominator 0";
      return std::nullopt;
    }
    row.xyz[k] = mpq_class(n, d);
    row.xyz[k].canonicalize();
  }
  if (fields[6] != "0" && fields[6] != "1") {
    error = "field 7 (ground truth): expected 0 or 1, got " + quote(fields[6]);
    return std::nullopt;
  }
  row.truth = fields[6] == "1";
  return row;
}

}  // namespace

void parse_ccd_csv(std::string_view text, const std::string& file, const std::string& id_prefix,
                   SweptType type, SweptLoad& out) {
  std::vector<std::pair<std::size_t, std::string_view>> lines;  // (line number, text)
  std::size_t number = 0, start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    const auto line = text.substr(start, end == text.npos ? text.npos : end - start);
    ++number;
    if (!strip(line).empty()) lines.emplace_back(number, line);
    if (end == text.npos) break;
    start = end + 1;
  }
  if (lines.size() % 8 != 0)
    out.errors.push_back(file + ":" + std::to_string(lines.back().first) + ": " +
                         std::to_string(lines.size()) + " rows, not a multiple of 8: the last " +
                         std::to_string(lines.size() % 8) + " are not a query");
  for (std::size_t q = 0; q + 8 <= lines.size(); q += 8) {
    SweptCase c;
    c.id = id_prefix + "/" + std::to_string(q / 8);
    c.family = id_prefix;
    c.source = file + ":" + std::to_string(lines[q].first);
    c.query.type = c.exact.type = type;
    bool ok = true;
    for (int r = 0; r < 8 && ok; ++r) {
      std::string error;
      const auto [line_number, line] = lines[q + r];
      const auto row = parse_row(line, error);
      auto fail = [&](const std::string& what) {
        out.errors.push_back(file + ":" + std::to_string(line_number) + ": query " + c.id + ": " +
                             what);
        ok = false;
      };
      if (!row) {
        fail(error);
        break;
      }
      for (int k = 0; k < 3 && ok; ++k) {
        const auto d = nearest_double(row->xyz[k]);
        if (!d) {
          fail("field " + std::to_string(2 * k + 1) + " (" + kFieldNames[2 * k] +
               "): beyond the double range");
          break;
        }
        c.query.points[r][k] = *d;
        c.rounded = c.rounded || mpq_class(*d) != row->xyz[k];
        c.exact.coordinates[r][k] = row->xyz[k].get_str();
      }
      if (!ok) break;
      if (r == 0) {
        c.truth = row->truth;
      } else if (*c.truth != row->truth) {
        fail("field 7 (ground truth): differs from the query's first row");
      }
    }
    if (ok) out.cases.push_back(std::move(c));
  }
}

namespace {
std::optional<SweptType> type_of(const std::filesystem::path& path) {
  std::optional<SweptType> type;
  for (const auto& part : path.parent_path()) {  // the nearest such folder wins
    if (part == "vertex-face") type = SweptType::vertex_face;
    if (part == "edge-edge") type = SweptType::edge_edge;
  }
  return type;
}

void load_file(const std::filesystem::path& file, const std::string& id_prefix,
               std::uintmax_t max_bytes, SweptLoad& out) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) {
    out.errors.push_back(file.string() + ": cannot read: " + ec.message());
    return;
  }
  if (size > max_bytes) {
    out.errors.push_back(file.string() + ": " + std::to_string(size) + " bytes, over the limit " +
                         std::to_string(max_bytes));
    return;
  }
  const auto type = type_of(std::filesystem::absolute(file));
  if (!type) {
    out.errors.push_back(file.string() +
                         ": no folder named vertex-face or edge-edge on its path: the query type "
                         "is unknown");
    return;
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) {
    out.errors.push_back(file.string() + ": cannot read");
    return;
  }
  parse_ccd_csv(text.str(), file.string(), id_prefix, *type, out);
}
}  // namespace

SweptLoad load_ccd_csv(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  namespace fs = std::filesystem;
  SweptLoad out;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::end(it);
         it.increment(ec))
      if (it->is_regular_file() && it->path().extension() == ".csv") files.push_back(it->path());
    if (ec) out.errors.push_back(path.string() + ": cannot list: " + ec.message());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      auto rel = fs::relative(f, path, ec);
      rel.replace_extension();
      load_file(f, rel.generic_string(), max_bytes, out);
    }
    if (files.empty() && !ec) out.errors.push_back(path.string() + ": no *.csv files");
  } else if (fs::exists(path, ec)) {
    const auto abs = fs::absolute(path);
    load_file(path, (abs.parent_path().filename() / abs.stem()).generic_string(), max_bytes, out);
  } else {
    out.errors.push_back(path.string() + ": no such file or folder");
  }
  return out;
}

std::optional<std::string> parse_rational_text(std::string_view text, double& nearest,
                                               std::string& error) {
  const auto slash = text.find('/');
  const std::string_view num = text.substr(0, slash);
  const std::string_view den = slash == text.npos ? "1" : text.substr(slash + 1);
  if (!is_integer(num) || !is_integer(den)) {
    error = "expected a number or a rational \"num/den\" of integers, got " + quote(text);
    return std::nullopt;
  }
  mpz_class n, d;
  n.set_str(std::string(num.front() == '+' ? num.substr(1) : num), 10);
  d.set_str(std::string(den.front() == '+' ? den.substr(1) : den), 10);
  if (sgn(d) == 0) {
    error = "denominator 0";
    return std::nullopt;
  }
  mpq_class q(n, d);
  q.canonicalize();
  const auto rounded = nearest_double(q);
  if (!rounded) {
    error = "beyond the double range";
    return std::nullopt;
  }
  nearest = *rounded;
  return q.get_str();
}

std::string rational_text(double x) { return mpq_class(x).get_str(); }

std::string write_ccd_csv(const SweptCase& c) {
  std::string out;
  for (int r = 0; r < 8; ++r) {
    for (int k = 0; k < 3; ++k) {
      mpq_class q(c.exact.coordinates[r][k]);
      q.canonicalize();
      out += q.get_num().get_str() + "," + q.get_den().get_str() + ",";
    }
    out += c.truth.value_or(false) ? "1\n" : "0\n";
  }
  return out;
}

}  // namespace touchstone
