import Foundation
import Testing

// MARK: - docs/architecture.md, Package.swift and the imports tell one story

/// docs/architecture.md's module graph is Package.swift's, every module imports exactly what it
/// declares, and the page's layers hold (lower never depends on higher; TouchKit on nothing;
/// headless playback never on libwayland).
///
/// Package.swift is read as text (its `.target(…)` calls with literal names and lists), not with
/// `swift package dump-package`, which waits for the lock that `swift test` holds on `.build`.
/// Sources are read with comments and string literals skipped, so only real imports count.
@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let page = "docs/architecture.md"
    /// Modules of the toolchain and the system, which no manifest declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin",
        "Dispatch", "Swift", "_Concurrency", "Synchronization", "RegexBuilder", "Observation", "Testing", "XCTest",
    ]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    static func manifest() throws -> Manifest { Manifest(try text("Package.swift")) }
    /// Records one finding, given in parts so that long messages fit the source's lines.
    static func finding(_ parts: String..., at location: SourceLocation = #_sourceLocation) {
        Issue.record(Comment(rawValue: parts.joined()), sourceLocation: location)
    }
    static func block(_ name: String) throws -> [DocLine] { try DocLine.block(name, in: try text(page)) }

    @Test("the manifest reader finds a target for every folder of Sources/ and Tests/, and a folder for every target")
    func manifestIsRead() throws {
        let manifest = try Self.manifest()
        for problem in manifest.problems { Issue.record("Package.swift: \(problem)") }
        let paths = Set(manifest.targets.map(\.path))
        for parent in ["Sources", "Tests"] {
            for folder in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(parent).path)
            where !folder.hasPrefix(".") && !paths.contains("\(parent)/\(folder)") {
                Issue.record("\(parent)/\(folder) is no target's folder in Package.swift (or this test cannot read its declaration)")
            }
        }
        for target in manifest.targets where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target.path).path) {
            Issue.record("Package.swift:\(target.line): \(target.name)'s folder \(target.path) does not exist")
        }
    }

    @Test("docs/architecture.md's module graph has Package.swift's modules and edges, no more, no fewer")
    func graphIsTheManifests() throws {
        let manifest = try Self.manifest()
        let documented = try Self.block("module-graph")
        let lines = Dictionary(documented.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for line in documented where lines[line.name]?.line != line.line {
            Issue.record("\(Self.page):\(line.line): \(line.name) has a second line in the module graph")
        }
        for target in manifest.modules {
            let declared = target.graphEdges
            let expected = "`\(target.name): \(declared.sorted().joined(separator: ", "))`"
            guard let line = lines[target.name] else {
                Self.finding("Package.swift:\(target.line) declares \(target.name); \(Self.page)'s module graph has no line for it: ",
                             "add \(expected)")
                continue
            }
            let documentedEdges = Set(line.items)
            let missing = declared.subtracting(documentedEdges).sorted(), extra = documentedEdges.subtracting(declared).sorted()
            guard !missing.isEmpty || !extra.isEmpty else { continue }
            var what: [String] = []
            let edges = { (list: [String]) in list.map { "\(target.name) → \($0)" }.joined(separator: ", ") }
            if !missing.isEmpty { what.append("misses \(edges(missing)) (in Package.swift:\(target.line))") }
            if !extra.isEmpty { what.append("has \(edges(extra)), which Package.swift does not declare") }
            Issue.record("\(Self.page):\(line.line) \(what.joined(separator: " and ")); the line should read \(expected)")
        }
        let modules = Set(manifest.modules.map(\.name))
        for line in documented where !modules.contains(line.name) {
            Issue.record("\(Self.page):\(line.line) lists \(line.name), which Package.swift does not declare: remove the line or add the target")
        }
    }

    @Test("every module a target imports is one it declares, and every module it declares is imported")
    func importsAreTheDeclaredDependencies() throws {
        let manifest = try Self.manifest()
        let targetNames = Set(manifest.targets.filter { $0.kind != .testTarget }.map(\.name))
        let productNames = Dictionary(manifest.targets.flatMap(\.products).map { ($0.product, $0) }, uniquingKeysWith: { a, _ in a })
        for target in manifest.modules {
            let files = try Self.swiftFiles(in: target.path)
            guard !files.isEmpty else { continue }  // C modules: their headers are not read here
            var used: Set<String> = [], undeclared: [String: [String]] = [:], unknown: [String: [String]] = [:]
            for file in files {
                for found in SwiftSource.imports(try Self.text(file)) {
                    let module = found.module, place = "\(file):\(found.line)"
                    if targetNames.contains(module) {
                        used.insert(module)
                        if !target.dependencies.contains(module) { undeclared[module, default: []].append(place) }
                    } else if let product = productNames[module] {
                        used.insert(product.edge)
                        if !target.products.contains(product) { undeclared[product.edge, default: []].append(place) }
                    } else if !Self.toolchainModules.contains(module) {
                        unknown[module, default: []].append(place)
                    }
                }
            }
            func places(_ list: [String]) -> String { list.count == 1 ? list[0] : "\(list[0]) (and \(list.count - 1) more files)" }
            for (module, list) in undeclared.sorted(by: { $0.key < $1.key }) {
                Self.finding("\(places(list)) imports \(module), which \(target.name) does not declare in Package.swift:\(target.line): ",
                             "add it to its dependencies, and \(target.name) → \(module) to \(Self.page)")
            }
            for (module, list) in unknown.sorted(by: { $0.key < $1.key }) {
                Self.finding("\(places(list)) imports \(module), which is no target of Package.swift, no product it declares ",
                             "and no toolchain module (ModuleGraphTests.toolchainModules)")
            }
            for unused in target.graphEdges.subtracting(used).sorted() {
                Self.finding("\(target.name) declares \(unused) in Package.swift:\(target.line), but no file in \(target.path) imports it: ",
                             "remove the dependency (and \(target.name) → \(unused) from \(Self.page))")
            }
        }
    }

    @Test("the layers of docs/architecture.md hold: no module depends on one of a higher layer")
    func layersHold() throws {
        let manifest = try Self.manifest()
        let layers = try Self.block("layers")
        let graph = Set(try Self.block("module-graph").map(\.name))
        var layerOf: [String: (index: Int, name: String)] = [:]
        for (index, layer) in layers.enumerated() {
            for module in layer.items {
                if let other = layerOf[module] {
                    Issue.record("\(Self.page):\(layer.line): \(module) is in layer \(layer.name) and in layer \(other.name)")
                }
                layerOf[module] = (index, layer.name)
                if !graph.contains(module) { Issue.record("\(Self.page):\(layer.line): layer \(layer.name) names \(module), which the module graph has no line for") }
            }
        }
        for module in graph.sorted() where layerOf[module] == nil {
            Issue.record("\(Self.page): \(module) is in the module graph but in no layer: add it to a line of the layers block")
        }
        for target in manifest.modules {
            guard let from = layerOf[target.name] else { continue }
            for dependency in target.dependencies.sorted() {
                guard let to = layerOf[dependency], to.index > from.index else { continue }
                Self.finding("Package.swift:\(target.line): \(target.name) (layer \(from.name)) depends on \(dependency) ",
                             "(layer \(to.name), higher): lower layers never depend on higher ones")
            }
        }
    }

    @Test("TouchKit depends on nothing and imports no module of the package, C modules included")
    func touchKitStandsAlone() throws {
        let manifest = try Self.manifest()
        let touchKit = try #require(manifest.targets.first { $0.name == "TouchKit" }, "no TouchKit in Package.swift")
        #expect(touchKit.graphEdges.isEmpty, "Package.swift:\(touchKit.line): TouchKit declares \(touchKit.graphEdges.sorted())")
        let packageModules = Set(manifest.targets.map(\.name)).union(manifest.targets.flatMap(\.products).map(\.product))
        for file in try Self.swiftFiles(in: touchKit.path) {
            for found in SwiftSource.imports(try Self.text(file)) where packageModules.contains(found.module) {
                Issue.record("\(file):\(found.line): TouchKit imports \(found.module); TouchKit imports nothing of the package")
            }
        }
    }

    @Test("headless playback never links libwayland: no CWayland below Playback or ScenesTests", arguments: ["Playback", "ScenesTests"])
    func playbackIsHeadless(_ name: String) throws {
        let manifest = try Self.manifest()
        #expect(manifest.targets.contains { $0.name == name }, "no \(name) in Package.swift")
        if let path = manifest.path(from: name, to: "CWayland") {
            Self.finding("\(name) reaches CWayland through \(path.joined(separator: " → ")) in Package.swift: ",
                         "playback runs headless, without libwayland")
        }
    }

    @Test("TouchFuzz is in no library product")
    func fuzzingIsNoProduct() throws {
        for (product, targets) in try Self.manifest().libraries where targets.contains("TouchFuzz") {
            Issue.record("Package.swift: the library product \(product) contains TouchFuzz; the fuzz generators are no public API")
        }
    }

    @Test("the source reader sees imports, not the word import in comments, strings or code")
    func readerSeesOnlyImports() {
        let source = #"""
        #if canImport(Glibc)
        import Glibc
        #endif
        @testable import Alpha
        @_spi(Testing) public import struct Beta.Thing
        // import Commented
        /* import Block /* nested */ import StillBlock */
        let help = """
            import   InHelpText
            \(value("import InInterpolation"))
            """
        let raw = #"a "quote" then import Raw"#
        let `import` = 1; call(import: 2)
        """#
        #expect(SwiftSource.imports(source).map(\.module) == ["Glibc", "Alpha", "Beta"])
        #expect(SwiftSource.imports(source).map(\.line) == [2, 4, 5])
        let manifest = Manifest(#"""
        let p = Package(name: "P", products: [.library(name: "L", targets: ["A"])], targets: [
            // .target(name: "Commented"),
            .target(name: "A", dependencies: ["B", .target(name: "C"), .product(name: "Log", package: "swift-log")]),
            .target(name: "B", path: "Tests/B"), .systemLibrary(name: "C", pkgConfig: "c"),
            .testTarget(name: "ATests", dependencies: ["A"]),
        ])
        """#)
        #expect(manifest.problems.isEmpty)
        #expect(manifest.targets.map(\.name) == ["A", "B", "C", "ATests"])
        #expect(manifest.targets.map(\.path) == ["Sources/A", "Tests/B", "Sources/C", "Tests/ATests"])
        #expect(manifest.modules.first?.graphEdges == ["B", "C", "swift-log/Log"])
        #expect(manifest.libraries == ["L": ["A"]])
        #expect(manifest.path(from: "ATests", to: "C") == ["ATests", "A", "C"])
    }

    static func swiftFiles(in folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }
}

// MARK: - docs/architecture.md: fenced blocks of `name: item, item` lines

/// One line of a fenced block: `Module: Dependency, Dependency` (or `layer: Module, Module`).
struct DocLine {
    var line: Int
    var name: String
    var items: [String]

    /// The lines of the block fenced with ```` ```NAME ````; blank lines and `#` comments are skipped.
    static func block(_ name: String, in page: String) throws -> [DocLine] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "```\(name)"), "\(ModuleGraphTests.page) has no ```\(name) block")
        var result: [DocLine] = []
        for index in (start + 1)..<lines.count {
            let text = lines[index].trimmingCharacters(in: .whitespaces)
            if text == "```" { return result }
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let items = parts.count > 1 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
            result.append(DocLine(line: index + 1, name: parts[0].trimmingCharacters(in: .whitespaces),
                                  items: items.filter { !$0.isEmpty }))
        }
        Issue.record("\(ModuleGraphTests.page): the ```\(name) block is not closed")
        return result
    }
}

// MARK: - Package.swift, read as text

/// The targets and library products of a manifest written with literal names and lists.
struct Manifest {
    struct Product: Hashable {
        var product: String
        var package: String
        /// How the module graph writes it: `package/Product`.
        var edge: String { "\(package)/\(product)" }
    }
    struct Target {
        enum Kind: String { case target, executableTarget, testTarget, systemLibrary, binaryTarget, plugin, macro }
        var kind: Kind
        var name: String
        var path: String
        var line: Int
        /// Targets of this package it depends on.
        var dependencies: Set<String> = []
        var products: Set<Product> = []
        /// Its edges as the module graph writes them.
        var graphEdges: Set<String> { dependencies.union(products.map(\.edge)) }
    }

    var targets: [Target] = []
    var libraries: [String: [String]] = [:]
    var problems: [String] = []
    /// The modules the graph shows: every target but tests, plugins and binaries.
    var modules: [Target] { targets.filter { [.target, .executableTarget, .systemLibrary].contains($0.kind) } }

    init(_ text: String) {
        let tokens = SwiftSource.tokens(text)
        var index = 0
        while index + 2 < tokens.count {
            guard tokens[index].text == ".", tokens[index + 2].text == "(" else { index += 1; continue }
            let close = SwiftSource.closing(tokens, from: index + 2)
            let arguments = SwiftSource.arguments(tokens, from: index + 3, to: close)
            if let kind = Target.Kind(rawValue: tokens[index + 1].text) {
                addTarget(kind, arguments, line: tokens[index].line)
            } else if tokens[index + 1].text == "library", let name = arguments["name"]?.first?.text {
                libraries[name] = (arguments["targets"] ?? []).filter { $0.kind == .string }.map(\.text)
            } else {
                index += 1
                continue
            }
            index = close + 1
        }
        let names = Set(targets.map(\.name))
        for target in targets {
            for dependency in target.dependencies where !names.contains(dependency) {
                problems.append("\(target.line): \(target.name) depends on \"\(dependency)\", which is no target "
                                + "(write a product as .product(name:package:))")
            }
        }
    }

    private mutating func addTarget(_ kind: Target.Kind, _ arguments: [String: [Token]], line: Int) {
        guard let name = arguments["name"]?.first, name.kind == .string else {
            return problems.append("\(line): a .\(kind.rawValue) whose name is no string literal")
        }
        let folder = kind == .testTarget ? "Tests" : (kind == .plugin ? "Plugins" : "Sources")
        var target = Target(kind: kind, name: name.text, path: arguments["path"]?.first?.text ?? "\(folder)/\(name.text)", line: line)
        if let list = arguments["dependencies"] {
            guard list.first?.text == "[", list.last?.text == "]" else {
                return problems.append("\(line): \(name.text)'s dependencies are no literal list")
            }
            for element in SwiftSource.elements(list) {
                let call = element.count > 2 ? SwiftSource.arguments(element, from: 3, to: element.count - 1) : [:]
                if element.count == 1, element[0].kind == .string {
                    target.dependencies.insert(element[0].text)
                } else if element.count > 2, element[1].text == "product", let product = call["name"]?.first?.text,
                          let package = call["package"]?.first?.text {
                    target.products.insert(Product(product: product, package: package))
                } else if element.count > 2, ["target", "byName"].contains(element[1].text), let other = call["name"]?.first?.text {
                    target.dependencies.insert(other)
                } else {
                    problems.append("\(line): \(name.text) has a dependency this test cannot read: \(element.map(\.text).joined())")
                }
            }
        }
        targets.append(target)
    }

    /// The shortest dependency path from `start` to `goal`, if there is one.
    func path(from start: String, to goal: String) -> [String]? {
        var paths = [start: [start]], queue = [start]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            for next in (targets.first { $0.name == name }?.dependencies ?? []).sorted() where paths[next] == nil {
                paths[next] = paths[name]! + [next]
                if next == goal { return paths[next] }
                queue.append(next)
            }
        }
        return nil
    }
}

// MARK: - Swift source, read as tokens

/// A word, a string literal (its text, undecoded) or one symbol; comments are dropped.
struct Token {
    enum Kind { case word, string, symbol }
    var kind: Kind
    var text: String
    var line: Int
}

enum SwiftSource {
    static let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// Modules named by import declarations: `import` first on its line after attributes and modifiers.
    static func imports(_ source: String) -> [(module: String, line: Int)] {
        let tokens = Self.tokens(source)
        var result: [(module: String, line: Int)] = []
        for (index, token) in tokens.enumerated() where token.kind == .word && token.text == "import" {
            var before = index - 1
            while before >= 0, tokens[before].line == token.line {
                if tokens[before].kind == .symbol, tokens[before].text == ")", let open = opening(tokens, before: before), open > 0 { before = open - 1 }
                if tokens[before].kind == .word, before > 0, tokens[before - 1].text == "@" { before -= 2 }
                else if tokens[before].kind == .word, modifiers.contains(tokens[before].text) { before -= 1 }
                else { break }
            }
            guard before < 0 || tokens[before].line < token.line else { continue }
            var next = index + 1
            if next < tokens.count, importKinds.contains(tokens[next].text) { next += 1 }
            if next < tokens.count, tokens[next].kind == .word, tokens[next].line == token.line {
                result.append((tokens[next].text, token.line))
            }
        }
        return result
    }

    static func tokens(_ source: String) -> [Token] {
        var lexer = Lexer(bytes: Array(source.utf8))
        lexer.run(inInterpolation: false)
        return lexer.tokens
    }

    /// The index of the bracket closing the one at `open` (or the last index).
    static func closing(_ tokens: [Token], from open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .symbol {
            if "([".contains(tokens[index].text) { depth += 1 }
            if ")]".contains(tokens[index].text) { depth -= 1; if depth == 0 { return index } }
        }
        return tokens.count - 1
    }

    static func opening(_ tokens: [Token], before close: Int) -> Int? {
        var depth = 0
        for index in stride(from: close, through: 0, by: -1) where tokens[index].kind == .symbol {
            if tokens[index].text == ")" { depth += 1 }
            if tokens[index].text == "(" { depth -= 1; if depth == 0 { return index } }
        }
        return nil
    }

    /// The elements of a bracketed list, split at its top-level commas.
    static func elements(_ list: [Token]) -> [[Token]] {
        var result: [[Token]] = [[]], depth = 0
        for token in list.dropFirst().dropLast() {
            if token.kind == .symbol, "([".contains(token.text) { depth += 1 }
            if token.kind == .symbol, ")]".contains(token.text) { depth -= 1 }
            if depth == 0, token.text == ",", token.kind == .symbol { result.append([]) } else { result[result.count - 1].append(token) }
        }
        return result.filter { !$0.isEmpty }
    }

    /// A call's labelled arguments between `start` and `end` (exclusive): label → value tokens.
    static func arguments(_ tokens: [Token], from start: Int, to end: Int) -> [String: [Token]] {
        guard start <= end else { return [:] }
        var result: [String: [Token]] = [:]
        for element in elements([Token(kind: .symbol, text: "(", line: 0)] + tokens[start..<end] + [Token(kind: .symbol, text: ")", line: 0)])
        where element.count > 2 && element[0].kind == .word && element[1].text == ":" {
            result[element[0].text] = Array(element.dropFirst(2))
        }
        return result
    }

    /// Splits Swift source into tokens: comments (nested too) skipped, each string literal one token
    /// (raw and multi-line ones included; interpolations skipped), `#/…/#` regex literals skipped.
    private struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var tokens: [Token] = []

        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        func isWordByte(_ byte: UInt8) -> Bool { byte == 95 || (48...57).contains(byte) || (97...122).contains(byte | 0x20) || byte >= 0x80 }
        func startsWith(_ delimiter: [UInt8]) -> Bool { delimiter.indices.allSatisfy { at($0) == delimiter[$0] } }

        /// Reads tokens to the end, or (in an interpolation) to the `)` that closes it.
        mutating func run(inInterpolation: Bool) {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 10 { line += 1; index += 1 }
                else if byte == 32 || byte == 9 || byte == 13 { index += 1 }
                else if byte == 47, at(1) == 47 { while index < bytes.count, bytes[index] != 10 { index += 1 } }
                else if byte == 47, at(1) == 42 { skipBlockComment() }
                else if byte == 34 || byte == 35 && startsLiteral() { readLiteral() }
                else if isWordByte(byte) {
                    let start = index
                    while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                    tokens.append(Token(kind: .word, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line))
                } else {
                    if inInterpolation, byte == 40 { depth += 1 }
                    if inInterpolation, byte == 41 { if depth == 0 { index += 1; return }; depth -= 1 }
                    tokens.append(Token(kind: .symbol, text: String(UnicodeScalar(byte)), line: line))
                    index += 1
                }
            }
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if at(0) == 47, at(1) == 42 { depth += 1; index += 2 }
                else if at(0) == 42, at(1) == 47 { depth -= 1; index += 2 }
                else { if at(0) == 10 { line += 1 }; index += 1 }
            } while depth > 0 && index < bytes.count
        }

        /// `#…#"` or `#/`: a raw string or an extended regex literal starts here.
        func startsLiteral() -> Bool {
            var offset = 0
            while at(offset) == 35 { offset += 1 }
            return at(offset) == 34 || at(offset) == 47
        }

        mutating func readLiteral() {
            let startLine = line
            var hashes = 0
            while at(0) == 35 { hashes += 1; index += 1 }
            let quote = at(0)
            let multiline = quote == 34 && at(1) == 34 && at(2) == 34
            let delimiter = (multiline ? [34, 34, 34] : [quote]) + [UInt8](repeating: 35, count: hashes)
            index += multiline ? 3 : 1
            var text: [UInt8] = []
            while index < bytes.count {
                if startsWith(delimiter) { index += delimiter.count; break }
                let byte = bytes[index]
                if byte == 10 { if !multiline && quote == 34 { break }; line += 1 }
                if byte == 92, quote == 34, (0..<hashes).allSatisfy({ at(1 + $0) == 35 }) {
                    index += 1 + hashes
                    if at(0) == 40 {
                        index += 1
                        let kept = tokens.count
                        run(inInterpolation: true)
                        tokens.removeSubrange(kept...)
                    } else {
                        if at(0) == 10 { line += 1 }
                        text.append(at(0))
                        index += 1
                    }
                    continue
                }
                text.append(byte)
                index += 1
            }
            if quote == 34 { tokens.append(Token(kind: .string, text: String(decoding: text, as: UTF8.self), line: startLine)) }
        }
    }
}
