# Homebrew formula for granted-lint, built from the release's source tarball on macOS (Linux users have
# the release tarball and the npm package: docs/platforms.md).
#
# To be published in a tap (granted-lint/homebrew-tap, Formula/granted-lint.rb). To try it before
# that: `brew tap-new "$USER/local"`, copy this file into "$(brew --repository "$USER/local")/Formula/",
# fill in the checksum, and `brew install --build-from-source "$USER/local/granted-lint"`, then
# `brew test "$USER/local/granted-lint"`.
class GrantedLint < Formula
  desc "Lint Expo notification-permission code for provisional iOS devices"
  homepage "https://github.com/granted-lint/granted-lint"
  url "https://github.com/granted-lint/granted-lint/archive/refs/tags/v0.1.0.tar.gz"
  # PLACEHOLDER, not a checksum: the release workflow replaces these zeros with the SHA-256 of the tag's
  # source tarball above (`curl -fsSL <url> | shasum -a 256`), together with the url's version. Until
  # then `brew install` stops at the checksum mismatch.
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"
  head "https://github.com/granted-lint/granted-lint.git", branch: "main"

  # Swift 6 comes with Xcode 16. Xcode also brings /usr/bin/python3, which scripts/patch-grammar.py
  # needs, and the cc that builds the grammar.
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on :macos
  # The runtime, linked dynamically (CTreeSitter); CTreeSitter's shim.h covers its API from 0.20 to 0.26.
  depends_on "tree-sitter"

  # The TypeScript and TSX grammars: the sdist scripts/setup.sh pins (same version and SHA-256).
  resource "tree-sitter-language-pack" do
    url "https://files.pythonhosted.org/packages/c1/83/d1bc738d6f253f415ee54a8afb99640f47028871436f53f2af637c392c4f/tree_sitter_language_pack-0.13.0.tar.gz"
    sha256 "032034c5e27b1f6e00730b9e7c2dbc8203b4700d0c681fd019d6defcf61183ec"
  end

  def install
    # scripts/setup.sh builds the grammar library exactly as on every other machine (our documented
    # scanner adjustment, checked by SHA-256; a static library with its header and .pc file), here into
    # buildpath/"deps". The sdist goes where scripts/fetch-sdist.sh keeps it, by the name it looks for;
    # it checks the SHA-256 again and downloads nothing. With GRANTED_LINT_PREFIX given and tree-sitter
    # on PKG_CONFIG_PATH, setup.sh runs no brew and no sudo.
    grammar = resource("tree-sitter-language-pack")
    grammar.fetch
    cache = buildpath/"cache/granted-lint"
    cache.mkpath
    cp grammar.cached_download, cache/File.basename(grammar.url)
    deps = buildpath/"deps"
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["tree-sitter"].opt_lib/"pkgconfig"
    ENV["XDG_CACHE_HOME"] = (buildpath/"cache").to_s
    ENV["GRANTED_LINT_PREFIX"] = deps.to_s
    system "bash", "scripts/setup.sh"

    # SwiftPM reads the .pc files itself, from PKG_CONFIG_PATH first. --disable-sandbox: SwiftPM's own
    # sandbox cannot nest inside Homebrew's.
    ENV.prepend_path "PKG_CONFIG_PATH", deps/"lib/pkgconfig"
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "granted-lint"
    bin.install ".build/release/granted-lint"
  end

  test do
    # The copied registration snippet: a provisionally authorized device fails `status !== 'granted'`.
    (testpath/"push.ts").write <<~TS
      import * as Notifications from 'expo-notifications';

      export async function registerForPush() {
        const { status } = await Notifications.getPermissionsAsync();
        if (status !== 'granted') {
          return null;
        }
        return (await Notifications.getExpoPushTokenAsync()).data;
      }
    TS
    output = shell_output("#{bin}/granted-lint #{testpath}/push.ts", 1)
    assert_match "[provisional-blind-check]", output
    assert_match "granted-lint #{version}", shell_output("#{bin}/granted-lint --version")
  end
end
