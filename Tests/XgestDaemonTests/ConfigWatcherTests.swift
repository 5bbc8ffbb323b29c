import Foundation
import Testing

@testable import XgestDaemon

/// The config watcher on a real file system. inotify queues an event within the system
/// call that causes it, so each check reads what the steps before it did, with no wait.
@Suite struct ConfigWatcherTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-watch-\(UUID().uuidString)").path
    var directory: String { root + "/config/xgest" }
    var path: String { directory + "/xgest.toml" }

    func save(_ text: String = "# saved\n", to file: String? = nil) throws {
        try text.write(toFile: file ?? path, atomically: true, encoding: .utf8)
    }

    func make(_ d: String) throws {
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    }

    @Test func aSaveIsSeenAndAnotherFileIsNot() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try ConfigWatcher(path: path)
        #expect(watcher.watchesTheDirectory)
        #expect(!watcher.configChanged())
        try save()
        #expect(watcher.configChanged())
        try save(to: directory + "/other.toml")
        #expect(!watcher.configChanged())
    }

    /// What GLib's editors do (gedit, GNOME Text Editor, mousepad, `gio save`): open the
    /// config for writing, write the new one beside it, close the first unwritten and rename
    /// the new one over it. The close was taken for a save: the old config was read first,
    /// and its errors said again for the save that fixed them. Only the rename counts now;
    /// a write in place still counts at its close, and `touch` not at all.
    @Test func aFileClosedUnwrittenIsNoSave() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try save()
        let watcher = try ConfigWatcher(path: path)
        let old = open(path, O_WRONLY | O_CLOEXEC)
        #expect(old >= 0)
        let temp = directory + "/.goutputstream-XYZ"
        #expect(FileManager.default.createFile(atPath: temp, contents: Data("# new\n".utf8)))
        close(old)
        #expect(!watcher.configChanged(), "the old file closed unwritten")
        #expect(rename(temp, path) == 0)
        #expect(watcher.configChanged())
        // Renamed into place while open for writing, as Foundation's atomic write does: its
        // close counts too (the rename's read may have found it open).
        let tempOpen = directory + "/.xgest.toml.tmp"
        let held = open(tempOpen, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        #expect(write(held, "# held\n", 7) == 7)
        #expect(rename(tempOpen, path) == 0)
        #expect(watcher.configChanged())
        close(held)
        #expect(watcher.configChanged())
        // Written in place: read at its close.
        let inPlace = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        #expect(inPlace >= 0)
        #expect(write(inPlace, "# in place\n", 11) == 11)
        #expect(!watcher.configChanged(), "still open")
        close(inPlace)
        #expect(watcher.configChanged())
        // Truncated to nothing is a write too (read, and said empty).
        let truncated = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        close(truncated)
        #expect(watcher.configChanged())
        // touch: opened for writing and closed, its times changed.
        let touched = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        futimens(touched, nil)
        close(touched)
        #expect(!watcher.configChanged())
    }

    /// Deleted and made again, the directory is watched again: a watch follows the inode,
    /// and no save was seen after it, SIGHUP or not.
    /// A process keeping the config open for writing (a sync tool, an editor holding it)
    /// while a save is written in place closes it last, having written nothing: the load
    /// at the save's close found the file open and was refused, and the holder's close was
    /// no save, so the save was never read. Once a load asks, the next close is one.
    @Test func theCloseOfTheLastWriterIsASaveWhenALoadAskedForIt() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try save()
        let watcher = try ConfigWatcher(path: path)
        let holder = open(path, O_RDWR | O_CLOEXEC)
        #expect(holder >= 0)
        let writer = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        #expect(writer >= 0)
        #expect(write(writer, "# new\n", 6) == 6)
        close(writer)
        #expect(watcher.configChanged(), "the save closed")
        // The load of that save found the holder there.
        watcher.readAtNextClose()
        close(holder)
        #expect(watcher.configChanged(), "the holder closed")
        // Once only: a file closed unwritten afterwards is no save again.
        let again = open(path, O_WRONLY | O_CLOEXEC)
        close(again)
        #expect(!watcher.configChanged())
    }

    @Test func theDirectoryDeletedAndMadeAgainIsWatchedAgain() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try save()
        let watcher = try ConfigWatcher(path: path)
        try FileManager.default.removeItem(atPath: directory)
        #expect(!watcher.configChanged())
        #expect(!watcher.watchesTheDirectory)
        try make(directory)
        #expect(!watcher.configChanged(), "an empty directory holds no config")
        #expect(watcher.watchesTheDirectory)
        try save()
        #expect(watcher.configChanged())
        // Deleted, made again and the config written before the watcher reads a thing: the
        // config there counts as changed.
        try FileManager.default.removeItem(atPath: directory)
        try make(directory)
        try save()
        #expect(watcher.configChanged())
        #expect(watcher.watchesTheDirectory)
        try save()
        #expect(watcher.configChanged())
    }

    /// The config a symlink to a file elsewhere (home-manager, stow): a save of the target,
    /// in place or by rename, was never seen. Re-pointed to another file, that one's
    /// saves are seen, and the old one's no longer.
    @Test func aConfigThatIsASymlinkIsWatchedThroughIt() throws {
        try make(directory)
        try make(root + "/dotfiles")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dotfiles/xgest.toml"
        try save(to: target)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let watcher = try ConfigWatcher(path: path)
        #expect(!watcher.configChanged())
        try save(to: target)
        #expect(watcher.configChanged(), "saved by rename")
        let fd = open(target, O_WRONLY | O_TRUNC)
        #expect(fd >= 0)
        close(fd)
        #expect(watcher.configChanged(), "written in place")
        let unwritten = open(target, O_WRONLY)
        close(unwritten)
        #expect(!watcher.configChanged(), "closed with nothing written")
        try save(to: root + "/dotfiles/other.toml")
        #expect(!watcher.configChanged())

        // Re-pointed, as `ln -sf` does: the link removed and made again.
        let next = root + "/dotfiles/next.toml"
        try save(to: next)
        #expect(!watcher.configChanged())
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: next)
        #expect(watcher.configChanged(), "a new link is a new config")
        try save(to: next)
        #expect(watcher.configChanged())
        try save(to: target)
        #expect(!watcher.configChanged(), "the old target is no longer the config")
    }

    /// Linked to a file beside it (`xgest.toml -> laptop.toml`): the directory was watched
    /// for the config's name only, and the target's saves went unseen.
    @Test func aConfigLinkedToAFileBesideItIsWatchedThroughIt() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = directory + "/laptop.toml"
        try save(to: target)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "laptop.toml")
        let watcher = try ConfigWatcher(path: path)
        try save(to: target)
        #expect(watcher.configChanged())
        try save(to: directory + "/desktop.toml")
        #expect(!watcher.configChanged())
    }

    /// A config linked to a file not there yet (a dotfile manager's link, its target not
    /// checked out): the target's directory was not watched, since the link resolved to
    /// nothing, and the target written never took over from the shipped config.
    @Test func aConfigLinkedToNothingIsReadOnceItsTargetIsWritten() throws {
        try make(directory)
        try make(root + "/dotfiles")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/dotfiles/missing.toml"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../../dotfiles/missing.toml")
        let watcher = try ConfigWatcher(path: path)
        #expect(watcher.watchesTheDirectory)
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        #expect(write(fd, "# made\n", 7) == 7)
        close(fd)
        #expect(watcher.configChanged(), "written in place")
        // Gone again while running, then saved by rename.
        #expect(unlink(target) == 0)
        #expect(!watcher.configChanged())
        try save(to: target)
        #expect(watcher.configChanged(), "saved by rename")
        try save(to: target)
        #expect(watcher.configChanged())
    }

    /// The target's directory missing too: the nearest one above it that exists is watched
    /// until the target's directory appears, as for a missing config directory.
    @Test func aConfigLinkedIntoAMissingDirectoryIsReadOnceItIsWritten() throws {
        try make(directory)
        try make(root + "/home")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let target = root + "/home/dotfiles/xgest/xgest.toml"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let watcher = try ConfigWatcher(path: path)
        try make(root + "/home/dotfiles/xgest")
        #expect(!watcher.configChanged(), "a directory holds no config")
        try save(to: target)
        #expect(watcher.configChanged())
        try save(to: target)
        #expect(watcher.configChanged())
        try save(to: root + "/home/dotfiles/xgest/other.toml")
        #expect(!watcher.configChanged())
    }

    /// The config's directory a link to a directory not there yet: only the directory
    /// holding the link was watched, and nothing made where it points was seen.
    @Test func aConfigDirectoryLinkedToNothingIsWatchedOnceItIsMade() throws {
        try make(root + "/config")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: directory, withDestinationPath: root + "/dotfiles/xgest")
        let watcher = try ConfigWatcher(path: path)
        #expect(!watcher.watchesTheDirectory)
        #expect(watcher.refusal == nil)
        try make(root + "/dotfiles")
        #expect(!watcher.configChanged())
        try make(root + "/dotfiles/xgest")
        #expect(!watcher.configChanged(), "an empty directory holds no config")
        #expect(watcher.watchesTheDirectory)
        try save(to: root + "/dotfiles/xgest/xgest.toml")
        #expect(watcher.configChanged())
    }

    /// A chain of links (`xgest.toml` → `dotfiles/chain.toml` → `dotfiles2/one.toml`): the
    /// middle link re-pointed was not seen, and the old target's saves still counted.
    @Test func aChainOfLinksIsFollowedWhenItsMiddleLinkIsRepointed() throws {
        try make(directory)
        try make(root + "/dotfiles")
        try make(root + "/dotfiles2")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let middle = root + "/dotfiles/chain.toml"
        let one = root + "/dotfiles2/one.toml"
        let two = root + "/dotfiles2/two.toml"
        try save(to: one)
        try save(to: two)
        try FileManager.default.createSymbolicLink(atPath: middle, withDestinationPath: one)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: middle)
        let watcher = try ConfigWatcher(path: path)
        try save(to: one)
        #expect(watcher.configChanged())
        // `ln -sfn`: the link removed and made again.
        try FileManager.default.removeItem(atPath: middle)
        try FileManager.default.createSymbolicLink(atPath: middle, withDestinationPath: two)
        #expect(watcher.configChanged(), "the middle link re-pointed names another config")
        try save(to: two)
        #expect(watcher.configChanged())
        try save(to: one)
        #expect(!watcher.configChanged(), "the old target is no longer the config")
    }

    /// The config's directory a symlink (stow's folding), re-pointed with `ln -sfn`: the
    /// directory the link now names is watched, not the one it named at the start.
    @Test func aConfigDirectoryThatIsASymlinkIsFollowedWhenRepointed() throws {
        for d in ["/dotA", "/dotB", "/config"] { try make(root + d) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        try save(to: root + "/dotA/xgest.toml")
        try save(to: root + "/dotB/xgest.toml")
        try FileManager.default.createSymbolicLink(atPath: directory, withDestinationPath: root + "/dotA")
        let watcher = try ConfigWatcher(path: path)
        #expect(watcher.watchesTheDirectory)
        try save(to: root + "/dotA/xgest.toml")
        #expect(watcher.configChanged())
        // A new link renamed over the old one.
        let temporary = root + "/config/xgest.new"
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: root + "/dotB")
        #expect(rename(temporary, directory) == 0)
        #expect(watcher.configChanged(), "the link re-pointed names another config")
        try save(to: root + "/dotB/xgest.toml")
        #expect(watcher.configChanged())
        try save(to: root + "/dotA/xgest.toml")
        #expect(!watcher.configChanged(), "the old directory is no longer the config's")
    }

    /// A regular file made where the config is read from, when links are on the way, was
    /// read as soon as it was created, half written: in a config directory that is a link,
    /// in place of a config that was a link, and in place of a chain's middle link. It is
    /// read at its close, as in a plain directory.
    @Test func aFileCreatedWhereLinksLeadIsReadOnlyAtItsClose() throws {
        for d in ["/dotA", "/chain", "/config"] { try make(root + d) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        try save(to: root + "/dotA/xgest.toml")
        try FileManager.default.createSymbolicLink(atPath: directory, withDestinationPath: root + "/dotA")
        let watcher = try ConfigWatcher(path: path)
        func writeSlowly(_ file: String, _ step: String) throws {
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(fd >= 0)
            #expect(write(fd, "[[swipe]]\n", 10) == 10)
            #expect(!watcher.configChanged(), "\(step): created and still being written")
            close(fd)
            #expect(watcher.configChanged(), "\(step): closed")
        }
        #expect(unlink(path) == 0)
        #expect(!watcher.configChanged())
        try writeSlowly(path, "in a linked directory")

        // The config a link, replaced by a file.
        let target = root + "/dotA/target.toml"
        try save(to: target)
        #expect(unlink(path) == 0)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(watcher.configChanged(), "a new link is a new config")
        #expect(unlink(path) == 0)
        #expect(!watcher.configChanged())
        try writeSlowly(path, "in the config link's place")

        // A chain's middle link replaced by a file.
        let middle = root + "/chain/middle.toml"
        try FileManager.default.createSymbolicLink(atPath: middle, withDestinationPath: target)
        #expect(unlink(path) == 0)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: middle)
        #expect(watcher.configChanged())
        #expect(unlink(middle) == 0)
        #expect(!watcher.configChanged(), "a link removed names nothing")
        try writeSlowly(middle, "in the middle link's place")
        try save(to: middle)
        #expect(watcher.configChanged(), "the file that ends the chain now is watched")
    }

    /// A link higher up the path re-pointed (`dotfiles/current` switched from one
    /// generation to the next, `~/.config` itself a link): only links in the config's own
    /// name and its directory were followed, so the old config kept running and only saves
    /// of the old generation were seen.
    @Test func aLinkHigherUpThePathIsFollowedWhenRepointed() throws {
        for d in ["/dots/v1", "/dots/v2", "/config/xgest", "/cfgA/xgest", "/cfgB/xgest"] { try make(root + d) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["/dots/v1/xgest.toml", "/dots/v2/xgest.toml", "/cfgA/xgest/xgest.toml", "/cfgB/xgest/xgest.toml"] {
            try save(to: root + file)
        }
        func repoint(_ link: String, to target: String) throws {
            // `ln -sfn`: a new link renamed over the old one.
            try FileManager.default.createSymbolicLink(atPath: link + ".new", withDestinationPath: target)
            #expect(rename(link + ".new", link) == 0)
        }
        // The config a link through `dots/current`.
        try FileManager.default.createSymbolicLink(atPath: root + "/dots/current", withDestinationPath: "v1")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/dots/current/xgest.toml")
        let watcher = try ConfigWatcher(path: path)
        try repoint(root + "/dots/current", to: "v2")
        #expect(watcher.configChanged(), "the generation switched names another config")
        try save(to: root + "/dots/v2/xgest.toml")
        #expect(watcher.configChanged(), "the new generation's saves are seen")
        try save(to: root + "/dots/v1/xgest.toml")
        #expect(!watcher.configChanged(), "the old generation is no longer the config")

        // The directory above the config's a link (`~/.config` -> cfgA).
        let home = root + "/home"
        try make(home)
        try FileManager.default.createSymbolicLink(atPath: home + "/config", withDestinationPath: root + "/cfgA")
        let other = try ConfigWatcher(path: home + "/config/xgest/xgest.toml")
        #expect(other.watchesTheDirectory)
        try repoint(home + "/config", to: root + "/cfgB")
        #expect(other.configChanged(), "the re-pointed link names another config")
        try save(to: root + "/cfgB/xgest/xgest.toml")
        #expect(other.configChanged())
        try save(to: root + "/cfgA/xgest/xgest.toml")
        #expect(!other.configChanged(), "the old directory is no longer the config's")
    }

    /// A directory that is there but cannot be watched (here a symlink loop; for a user,
    /// one they may enter but not list, which root cannot show) was taken for a missing one
    /// ("the directory … is gone"); the daemon now says the system's reason.
    @Test func aDirectoryThatCannotBeWatchedSaysWhy() throws {
        try make(root + "/config")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: directory, withDestinationPath: directory)
        let watcher = try ConfigWatcher(path: path)
        #expect(!watcher.watchesTheDirectory)
        #expect(watcher.refusal == "\(directory): too many levels of symbolic links", "\(watcher.refusal ?? "none")")
        // Once it is a directory, SIGHUP's arm watches it, and the reason goes.
        try FileManager.default.removeItem(atPath: directory)
        try make(directory)
        #expect(watcher.arm())
        #expect(watcher.refusal == nil)
    }

    /// A linked config whose target's directory cannot be watched (here a symlink loop;
    /// for a user, one they may enter but not list) said nothing, and saves of the target
    /// went unseen with no word. Its reason is the watcher's refusal, as the config
    /// directory's is.
    @Test func aLinkedConfigWhoseTargetCannotBeWatchedSaysWhy() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loop = root + "/loop"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: loop + "/xgest.toml")
        let watcher = try ConfigWatcher(path: path)
        #expect(watcher.watchesTheDirectory)
        #expect(watcher.refusal == "\(loop): too many levels of symbolic links", "\(watcher.refusal ?? "none")")
        // Re-pointed to a file that can be watched, the reason goes.
        try save(to: root + "/target.toml")
        #expect(unlink(path) == 0)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/target.toml")
        #expect(watcher.configChanged())
        #expect(watcher.refusal == nil)
    }

    /// With no inotify instance to be had, the watcher was nil and the daemon said nothing:
    /// saves went unseen with no word. Here the process's open-file limit is what is
    /// reached (the user's instance limit is shared with every program of the user); the
    /// reason names both limits.
    @Test func noInotifyInstanceSaysWhy() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var limit = rlimit()
        try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
        // The lowest free descriptor is the next one handed out: the limit at it refuses it.
        let lowestFree = dup(0)
        try #require(lowestFree >= 0)
        close(lowestFree)
        var lowered = limit
        lowered.rlim_cur = rlim_t(lowestFree)
        try #require(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered) == 0)
        let made = Result { () throws(ConfigWatcher.Unavailable) in try ConfigWatcher(path: path) }
        #expect(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
        guard case .failure(let failure) = made else {
            Issue.record("a watcher was made with no descriptor to be had")
            return
        }
        #expect(failure.reason.hasPrefix("no inotify instance left: the user's limit, fs.inotify.max_user_instances"))
        #expect(failure.reason.contains("or the open-file limit is reached"))
    }

    /// The watch limit reached is ENOSPC, which the system words "no space left on device".
    @Test func theWatchLimitIsNamedNotTheDisk() {
        let reason = InotifyFailure.watching(ENOSPC)
        #expect(reason.hasPrefix("no inotify watch left: the user's limit, fs.inotify.max_user_watches ("), "\(reason)")
        #expect(!reason.contains("space"))
        #expect(InotifyFailure.watching(EACCES) == "permission denied")
    }

    /// Another directory moved into its place (a dotfile manager's way).
    @Test func aDirectoryMovedIntoPlaceIsWatched() throws {
        try make(directory)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try ConfigWatcher(path: path)
        let staged = root + "/staged"
        try make(staged)
        try save(to: staged + "/xgest.toml")
        try FileManager.default.moveItem(atPath: directory, toPath: root + "/old")
        try FileManager.default.moveItem(atPath: staged, toPath: directory)
        #expect(watcher.configChanged())
        try save(to: root + "/old/xgest.toml")
        #expect(!watcher.configChanged(), "the old directory is not the config's any more")
        try save()
        #expect(watcher.configChanged())
    }

    /// Missing from the start, two levels deep: the directory that exists above it is
    /// watched until the config's directory appears.
    @Test func aDirectoryMissingFromTheStartIsWatchedOnceMade() throws {
        try make(root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watcher = try ConfigWatcher(path: path)
        #expect(!watcher.watchesTheDirectory)
        try make(root + "/config")
        #expect(!watcher.configChanged())
        #expect(!watcher.watchesTheDirectory)
        try make(directory)
        try save()
        #expect(watcher.configChanged())
        #expect(watcher.watchesTheDirectory)
        // SIGHUP arms it afresh, on the same directory.
        #expect(watcher.arm())
        try save()
        #expect(watcher.configChanged())
    }
}
