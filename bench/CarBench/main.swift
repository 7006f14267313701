import CompiledAssetCatalog
import Foundation

// car-bench lzfse FILE SIZE ROUNDS: decodes the LZFSE stream in FILE (SIZE bytes decoded) ROUNDS
// times and prints the decoded bytes a second.
// car-bench dump CAR [NAME]: decodes every image rendition (of NAME) and prints one line each, a check by eye.
let arguments = CommandLine.arguments
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("car-bench: \(message)\n".utf8))
    exit(1)
}
switch arguments.dropFirst().first {
case "lzfse":
    guard arguments.count == 5, let data = FileManager.default.contents(atPath: arguments[2]), let size = Int(arguments[3]),
          let rounds = Int(arguments[4]) else { fail("usage: car-bench lzfse FILE SIZE ROUNDS") }
    let input = [UInt8](data)
    let start = DispatchTime.now().uptimeNanoseconds
    var total = 0
    for _ in 0..<rounds {
        do { total += try LZFSE.decompress(input, limit: size).count } catch { fail("\(arguments[2]): \(error)") }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "%.0f", Double(total) / seconds))
case "decode":
    // car-bench decode lzfse|lzvn FILE LIMIT: the decoded bytes on stdout (the tests compare them with the reference).
    guard arguments.count == 5, let data = FileManager.default.contents(atPath: arguments[3]), let limit = Int(arguments[4]) else {
        fail("usage: car-bench decode lzfse|lzvn FILE LIMIT")
    }
    do {
        let out = arguments[2] == "lzvn" ? try LZVN.decompress([UInt8](data), limit: limit) : try LZFSE.decompress([UInt8](data), limit: limit)
        FileHandle.standardOutput.write(Data(out))
    } catch { fail("\(arguments[3]): \(error)") }
case "dump":
    guard arguments.count >= 3, let data = FileManager.default.contents(atPath: arguments[2]) else { fail("usage: car-bench dump CAR [NAME]") }
    do {
        let car = try CompiledCatalog(bytes: [UInt8](data))
        let chosen = arguments.count > 3 ? car.images(named: arguments[3]) : car.renditions.filter(\.isBitmap)
        for rendition in chosen {
            do {
                let bitmap = try car.bitmap(of: rendition)
                if let folder = ProcessInfo.processInfo.environment["CAR_BENCH_RAW"] {
                    let file = "\(folder)/\(rendition.key[.identifier] ?? 0)-\(rendition.key[.dimension1] ?? 0)-\(rendition.width)x\(rendition.height).rgba"
                    FileManager.default.createFile(atPath: file, contents: Data(bitmap.rgba))
                }
                let middle = ((bitmap.height / 2) * bitmap.width + bitmap.width / 2) * 4
                let facet = car.identifiers.first { $0.value == rendition.key[.identifier] }?.key ?? "-"
                print(facet, rendition.link.map { "link \($0.x),\($0.y) \($0.key.map { "\($0.key)=\($0.value)" }.sorted())" } ?? "",
                      rendition.key.filter { $0.value != 0 }.map { "\($0.key)=\($0.value)" }.sorted(), rendition.name, rendition.width, rendition.height, rendition.scale, rendition.idiom.map { "\($0)" } ?? "-",
                      car.appearance(of: rendition).map(\.rawValue) ?? "?", Array(bitmap.rgba[middle..<(middle + 4)]))
            } catch {
                print(rendition.name, "ERROR", error)
            }
        }
    } catch { fail("\(arguments[2]): \(error)") }
default:
    fail("usage: car-bench lzfse FILE SIZE ROUNDS | dump CAR [NAME]")
}
