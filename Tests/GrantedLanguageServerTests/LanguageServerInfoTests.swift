import GrantedLanguageServer
import Testing

@Suite struct LanguageServerInfoTests {
    @Test func serverName() {
        #expect(LanguageServerInfo.name == "granted-lint")
    }
}
