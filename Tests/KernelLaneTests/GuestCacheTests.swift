import Foundation
import KernelLane
import Testing

/// Where the guest is kept, and whether a kept one is current.
@Suite struct GuestCacheTests {
    @Test func theDefaultFolderFollowsXDGCacheHomeElseHome() {
        #expect(GuestCache.defaultPath(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/gesture-sandbox/guest")
        #expect(GuestCache.defaultPath(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/gesture-sandbox/guest")
        #expect(GuestCache.defaultPath(environment: ["HOME": "/h"]) == "/h/.cache/gesture-sandbox/guest")
    }

    @Test func aStampOfAnotherRecipeIsStaleAndNoStampIsMissing() throws {
        #expect(GuestCache.state(stored: GuestRecipe.stamp, current: GuestRecipe.stamp) == .current)
        #expect(GuestCache.state(stored: "gesture-sandbox guest, recipe 0\nsuite x\n", current: GuestRecipe.stamp)
                == .stale("gesture-sandbox guest, recipe 0"))
        let folder = NSTemporaryDirectory() + "guest-cache-test-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cache = GuestCache(path: folder)
        // A folder without a stamp is an unfinished build's, not a guest.
        try Data("kernel".utf8).write(to: URL(fileURLWithPath: cache.kernel))
        #expect(cache.state(for: GuestRecipe.stamp) == .missing)
        try Data(GuestRecipe.stamp.utf8).write(to: URL(fileURLWithPath: cache.stampPath))
        #expect(cache.state(for: GuestRecipe.stamp) == .current)
    }

    @Test func theStampChangesWithTheRecipe() {
        #expect(GuestRecipe.stamp.contains("recipe \(GuestRecipe.revision)"))
        #expect(GuestRecipe.stamp.contains(GuestRecipe.packages.joined(separator: ",")))
        for package in ["sway", "seatd", "weston", "udev", "python3-libevdev", "libinput-tools"] {
            #expect(GuestRecipe.packages.contains(package))
        }
    }

    @Test func theKernelImageIsReadFromTheMetapackagesDependency() {
        #expect(GuestRecipe.kernelImage(fromDepends: "linux-image-amd64\n  Depends: linux-image-6.1.0-56-amd64\n")
                == "linux-image-6.1.0-56-amd64")
        #expect(GuestRecipe.kernelImage(fromDepends: "linux-image-amd64\n") == nil)
    }

    @Test func modulesLoadAfterTheirDependencies() throws {
        let dependencies = ModuleDependencies(text: """
            kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko kernel/fs/netfs/netfs.ko kernel/fs/fscache/fscache.ko
            kernel/net/9p/9pnet.ko:
            kernel/fs/netfs/netfs.ko: kernel/fs/fscache/fscache.ko
            kernel/fs/fscache/fscache.ko:
            kernel/net/9p/9pnet_virtio.ko: kernel/net/9p/9pnet.ko kernel/drivers/virtio/virtio_ring.ko
            kernel/drivers/virtio/virtio_ring.ko:
            """)
        #expect(try dependencies.loadOrder(["9pnet-virtio", "9p"]) == [
            "kernel/net/9p/9pnet.ko", "kernel/drivers/virtio/virtio_ring.ko", "kernel/net/9p/9pnet_virtio.ko",
            "kernel/fs/fscache/fscache.ko", "kernel/fs/netfs/netfs.ko", "kernel/fs/9p/9p.ko",
        ])
        #expect(throws: KernelLaneError("the guest kernel has no module vkms (not in modules.dep)")) {
            try dependencies.loadOrder(["vkms"])
        }
    }

    @Test func theSwiftRuntimeFolderComesFromLDD() {
        let ldd = """
            \tlibwayland-client.so.0 => /lib/x86_64-linux-gnu/libwayland-client.so.0 (0x00007ff980070000)
            \tlibswiftCore.so => /opt/swift/usr/lib/swift/linux/libswiftCore.so (0x00007ff97ee00000)
            \tlibfoo.so.1 => not found
            """
        #expect(ClientLibraries.swiftRuntimeFolder(fromLDD: ldd) == "/opt/swift/usr/lib/swift/linux")
        #expect(ClientLibraries.swiftRuntimeFolder(fromLDD: "\tlibc.so.6 => /lib/libc.so.6 (0x1)") == nil)
        #expect(ClientLibraries.missing(fromLDD: ldd) == ["libfoo.so.1"])
    }
}
