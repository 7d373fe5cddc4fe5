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

    @Test("every module a target imports is one it declares, and every module it declares is imported (test targets too)")
    func importsAreTheDeclaredDependencies() throws {
        let manifest = try Self.manifest()
        let targetNames = Set(manifest.targets.filter { $0.kind != .testTarget }.map(\.name))
        let productNames = Dictionary(manifest.targets.flatMap(\.products).map { ($0.product, $0) }, uniquingKeysWith: { a, _ in a })
        // Test targets are held to the same rule (the build's import check lets an undeclared module
        // through when a declared one depends on it); only the page's graph leaves them out.
        for target in manifest.modules + manifest.targets.filter({ $0.kind == .testTarget }) {
            let graph = target.kind == .testTarget ? "" : ", and \(target.name) → "
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
                             "add it to its dependencies" + (graph.isEmpty ? "" : "\(graph)\(module) to \(Self.page)"))
            }
            for (module, list) in unknown.sorted(by: { $0.key < $1.key }) {
                Self.finding("\(places(list)) imports \(module), which is no target of Package.swift, no product it declares ",
                             "and no toolchain module (ModuleGraphTests.toolchainModules)")
            }
            for unused in target.graphEdges.subtracting(used).sorted() {
                Self.finding("\(target.name) declares \(unused) in Package.swift:\(target.line), but no file in \(target.path) imports it: ",
                             "remove the dependency" + (graph.isEmpty ? "" : " (and \(target.name) → \(unused) from \(Self.page))"))
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

    @Test("gesture-sandbox (the `run` program) reaches no module that imports Foundation; FoundationEssentials at most")
    func windowProgramIsLean() throws {
        let manifest = try Self.manifest()
        #expect(manifest.targets.contains { $0.name == "gesture-sandbox" }, "no gesture-sandbox in Package.swift")
        // Everything it links: one Foundation import anywhere brings all of Foundation (its
        // CoreFoundation, its ICU data) into the program, 4 MiB more resident and slower to start.
        var reached: Set<String> = []
        var queue: [String] = ["gesture-sandbox"]
        while let name = queue.popLast() {
            guard reached.insert(name).inserted else { continue }
            let dependencies: Set<String> = manifest.targets.first(where: { $0.name == name })?.dependencies ?? []
            queue.append(contentsOf: dependencies.sorted())
        }
        for name in reached.sorted() {
            guard let target = manifest.targets.first(where: { $0.name == name }) else { continue }
            for file in try Self.swiftFiles(in: target.path) {
                for found in SwiftSource.imports(try Self.text(file)) where found.module == "Foundation" {
                    let path = manifest.path(from: "gesture-sandbox", to: name)?.joined(separator: " → ") ?? name
                    Self.finding("\(file):\(found.line): imports Foundation, and gesture-sandbox links \(name) (\(path)): ",
                                 "use FoundationEssentials, or keep the code out of the window's modules")
                }
            }
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
