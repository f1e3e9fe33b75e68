// nlohmann's DOM parser is iterative; its parse callback sees every container start, key and
// value, which is enough to track where the reader is (the path), to stop early on depth and
// duplicate keys, and to name the value an exception of the lexer (number overflow) is about.
#include "cases/format/json_reader.hpp"

#include <set>
#include <vector>

namespace touchstone {
namespace {

using nlohmann::json;

// Where the parser is: one frame per open container, each knowing its current child.
class PathTracker {
 public:
  explicit PathTracker(std::size_t max_depth) : max_depth_(max_depth) {}

  bool on_event(json::parse_event_t event, const json& parsed) {
    using E = json::parse_event_t;
    switch (event) {
      case E::object_start:
      case E::array_start:
        if (frames_.size() >= max_depth_)
          fail("nesting deeper than " + std::to_string(max_depth_) +
               " levels (raise it with --limit depth=N)");
        frames_.push_back({event == E::array_start, 0, {}, {}});
        break;
      case E::key: {
        Frame& top = frames_.back();
        top.key = parsed.get<std::string>();
        if (!top.keys.insert(top.key).second) fail("key given twice in one object");
        break;
      }
      case E::value:
        if (frames_.size() == 3 && in_cases() && frames_[2].key == "id" && parsed.is_string())
          case_id_ = parsed.get<std::string>();
        child_done();
        break;
      case E::object_end:
      case E::array_end:
        frames_.pop_back();
        child_done();
        break;
    }
    return true;
  }

  // The error at the current position.
  DocumentError error(const std::string& message) const {
    DocumentError e;
    std::size_t from = 0;
    if (frames_.size() >= 2 && in_cases()) {
      e.case_index = frames_[1].count;
      e.case_id = case_id_;
      from = 2;
    }
    for (std::size_t i = from; i < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      if (f.array)
        e.field += "[" + std::to_string(f.count) + "]";
      else
        e.field += (e.field.empty() ? "" : ".") + f.key;
    }
    e.message = message;
    return e;
  }

  [[noreturn]] void fail(const std::string& message) const { throw error(message); }

  // Reading is inside an object or array that is an element of `cases`.
  bool inside_a_case() const { return frames_.size() >= 3 && in_cases(); }

 private:
  struct Frame {
    bool array;
    std::size_t count;  // arrays: the elements read so far (the current child's index)
    std::string key;    // objects: the current child's key
    std::set<std::string> keys;
  };

  // The second frame is the document's `cases` array.
  bool in_cases() const {
    return !frames_[0].array && frames_[0].key == "cases" && frames_[1].array;
  }
  void child_done() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().count;
    if (frames_.size() == 2 && in_cases()) case_id_.clear();  // a case ended
  }

  std::size_t max_depth_;
  std::vector<Frame> frames_;
  std::string case_id_;
};

}  // namespace

json read_json_document(const std::string& text, std::size_t max_depth) {
  PathTracker tracker(max_depth);
  try {
    return json::parse(text, [&](int, json::parse_event_t event, json& parsed) {
      return tracker.on_event(event, parsed);
    });
  } catch (const json::out_of_range& e) {
    // 406, "number overflow parsing '1e400'": the lexer's token, at the tracked position.
    std::string what = e.what();
    const auto quote = what.find('\'');
    const std::string token =
        quote == std::string::npos ? what : what.substr(quote + 1, what.size() - quote - 2);
    tracker.fail("number " + token + " overflows a double");
  } catch (const json::exception& e) {
    // A syntax error: the case it is in is known (when reading stopped inside one), the field not
    // always (a key that fails to lex has not been seen yet); nlohmann's message gives line and
    // column.
    DocumentError error = tracker.error(std::string("malformed JSON: ") + e.what());
    error.field.clear();
    if (!tracker.inside_a_case()) error = {std::nullopt, "", "", error.message};
    throw error;
  }
}

namespace {

// The length of the well-formed UTF-8 sequence at s[i], or 0 (Unicode 15, table 3-7).
std::size_t sequence_length(const std::string& s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

}  // namespace

std::string valid_utf8(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = sequence_length(s, i);
    if (n > 0) {
      out.append(s, i, n);
      i += n;
      continue;
    }
    static const char* hex = "0123456789abcdef";
    const unsigned char c = static_cast<unsigned char>(s[i++]);
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out;
}

}  // namespace touchstone
