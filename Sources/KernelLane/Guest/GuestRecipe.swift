// MARK: - What a guest is built from

/// The guest's recipe: Debian suite, packages and the initramfs' modules. Its `stamp` is written
/// into a built guest; a guest with another stamp is rebuilt.
public enum GuestRecipe {
    /// Raised whenever the build steps change in a way the lists below do not show.
    public static let revision = 2
    /// The Debian release of the root (the host's mirror serves it).
    public static let suite = "bookworm"
    /// The mirror debootstrap fetches from.
    public static let mirror = "http://deb.debian.org/debian"
    /// The metapackage whose dependency is the kernel image.
    public static let kernelPackage = "linux-image-amd64"
    /// What the root holds beyond minbase: the compositors and seat, Mesa's DRI drivers (Wayfire
    /// renders with GLES only: llvmpipe on the virtio-gpu), udev and kmod, the touchscreen
    /// program's python3-libevdev, libinput's tools, and the shared libraries our client links
    /// (`ldd gesture-sandbox`) with the fonts and keymaps it reads.
    public static let packages = [
        "sway", "cage", "xwayland", "phoc", "wayfire", "libgl1-mesa-dri", "seatd", "weston", "udev", "kmod",
        "python3-libevdev", "libinput-tools",
        "libwayland-client0", "libxkbcommon0", "xkb-data", "libdecor-0-0", "libdecor-0-plugin-1-cairo",
        "libpng16-16", "libpixman-1-0", "libfreetype6", "libfontconfig1", "fontconfig", "fonts-dejavu-core",
        "libffi8", "zlib1g", "libbrotli1", "libexpat1", "libstdc++6", "libgcc-s1",
    ]
    /// Loaded by the initramfs to reach the 9p root over virtio.
    public static let initramfsModules = ["virtio_pci", "9pnet_virtio", "9p"]
    /// The unprivileged user compositors that refuse root run as (sway, cage, phoc, Wayfire), with its uid and gid.
    public static let user = (name: "gesture", id: 1000)
    /// Folders the root provides for the guest's shares and tmpfs mounts.
    public static let mountPoints = ["job", "host/bin", "host/swift"]

    /// The stamp text of this recipe.
    public static var stamp: String {
        """
        gesture-sandbox guest, recipe \(revision)
        suite \(suite), mirror \(mirror), kernel \(kernelPackage)
        packages \(packages.joined(separator: ","))
        initramfs \(initramfsModules.joined(separator: ",")), user \(user.name) \(user.id)
        init \(InitramfsInit.text.utf8.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 })

        """
    }

    /// The kernel image package `apt-cache depends` names for the metapackage (`Depends: linux-image-6.1.0-56-amd64`).
    public static func kernelImage(fromDepends text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "|" })
            guard trimmed.hasPrefix("Depends: ") else { continue }
            let name = trimmed.dropFirst("Depends: ".count)
            if name.hasPrefix("linux-image-"), !name.contains("<") { return String(name) }
        }
        return nil
    }
}
