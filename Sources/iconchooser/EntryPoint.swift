/// Where the program starts. A completion request (`---completion`, sent by the shell scripts on
/// every TAB) has stderr sent to /dev/null before anything runs, so nothing, not even
/// ArgumentParser's own error for a request it cannot read, lands on the user's command line.
@main
enum EntryPoint {
    static func main() async {
        if CommandLine.arguments.dropFirst().first == "---completion" {
            ValueCompletion.silenceErrors()
        }
        await IconChooser.main()
    }
}
