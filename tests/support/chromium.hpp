// Headless Chromium (Debian `chromium`) for the tests of pages Touchstone writes: loads a page
// offline, saves a screenshot, returns the DOM it built and every console message it logged.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace touchstone::test_support {

inline bool chromium_installed() {
  return std::system("command -v chromium > /dev/null 2>&1") == 0;
}

struct Rendered {
  int status = -1;
  std::string dom, log;
};

inline std::string slurp_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `html` rendered in a window of `window` ("1400,2000") with `flags` added, nothing fetched from
// the network; the profile, DOM and log go to `work`.
inline Rendered render_page(const std::filesystem::path& html,
                            const std::filesystem::path& screenshot,
                            const std::filesystem::path& work,
                            const std::string& window = "1400,2000",
                            const std::string& flags = "") {
  namespace fs = std::filesystem;
  const std::string command =
      "timeout 60 chromium --headless --no-sandbox --disable-gpu " + flags +
      " --user-data-dir=" + (work / "profile").string() +
      " --host-resolver-rules='MAP * ~NOTFOUND' --enable-logging=stderr --v=0"
      " --window-size=" +
      window + " --screenshot=" + screenshot.string() + " --dump-dom file://" +
      fs::absolute(html).string() + " > " + (work / "dom.html").string() + " 2> " +
      (work / "log.txt").string();
  Rendered r;
  r.status = std::system(command.c_str());
  r.dom = slurp_file(work / "dom.html");
  r.log = slurp_file(work / "log.txt");
  return r;
}

// The console lines of a Chromium log ("...:CONSOLE:..." and uncaught exceptions), without the
// lines that contain `ignore` (when not empty).
inline std::string console_lines(const std::string& log, const std::string& ignore = "") {
  std::istringstream in(log);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if ((line.find(":CONSOLE") != std::string::npos ||
         line.find("Uncaught") != std::string::npos) &&
        (ignore.empty() || line.find(ignore) == std::string::npos))
      out += line + "\n";
  return out;
}

}  // namespace touchstone::test_support
