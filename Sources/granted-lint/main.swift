import GrantedCLI
import Foundation

exit(GrantedCLI.run(Array(CommandLine.arguments.dropFirst())))
