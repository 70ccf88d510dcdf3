/// The language server behind `granted-lint lsp` (LSP 3.17 over stdio). This layer knows the
/// protocol; what a file's findings are comes from the engine's `Workspace`.
public enum LanguageServerInfo {
    public static let name = "granted-lint"
}
