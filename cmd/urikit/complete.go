package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// valuesAnnotation is the flag annotation that holds the values shell
// completion offers for the flag (completeValues).
const valuesAnnotation = "urikit-completion-values"

// completeValues makes shell completion offer values for the flag name
// of cmd. The values are kept on the flag, and only a completion request
// hands them to cobra (registerCompletions): cobra keeps flag completion
// functions in a map of its own that lives as long as the process, so
// that registering them whenever a command tree is built would keep every
// tree a process builds (each run, in a test or a program that calls the
// CLI many times).
func completeValues(cmd *cobra.Command, name string, values ...string) {
	_ = cmd.Flags().SetAnnotation(name, valuesAnnotation, values)
}

// registerCompletions registers, for every flag of every command under
// root that completeValues annotated, a completion function that offers
// its values. run calls it for a completion request only.
func registerCompletions(root *cobra.Command) {
	root.Flags().VisitAll(func(f *pflag.Flag) {
		values, ok := f.Annotations[valuesAnnotation]
		if !ok {
			return
		}
		_ = root.RegisterFlagCompletionFunc(f.Name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return values, cobra.ShellCompDirectiveNoFileComp
		})
	})
	for _, c := range root.Commands() {
		registerCompletions(c)
	}
}
