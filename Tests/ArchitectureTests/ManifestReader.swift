import Foundation
import Testing

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
