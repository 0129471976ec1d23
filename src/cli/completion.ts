// Shell completion scripts made from commander's command tree: every command, nested ones too, and
// each one's options, so a new command or option completes without editing this file. --target
// completes the target names of keywords/kwsync.yaml (`- name: X` lines). No dependency: bash's
// `complete -F`, zsh through bashcompinit, fish's `complete -c`.
import type { Command } from 'commander';

interface Node {
  /** `messages list`; '' for the program itself. */
  path: string;
  subcommands: string[];
  options: { flags: string[]; takesValue: boolean; description: string }[];
  description: string;
}

function walk(cmd: Command, path = ''): Node[] {
  const node: Node = {
    path,
    subcommands: cmd.commands.map((c) => c.name()),
    options: [...cmd.options.map((o) => ({ flags: [o.long, o.short].filter((f): f is string => f !== undefined), takesValue: o.required || o.optional, description: o.description })), { flags: ['--help', '-h'], takesValue: false, description: 'show help' }],
    description: cmd.description(),
  };
  return [node, ...cmd.commands.flatMap((c) => walk(c, path === '' ? c.name() : `${path} ${c.name()}`))];
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const TARGET_NAMES = `sed -n 's/^[[:space:]]*-[[:space:]]*name:[[:space:]]*\\([A-Za-z0-9_.-]*\\).*/\\1/p' keywords/kwsync.yaml keywords/kwsync.yml 2>/dev/null`;

export function bashCompletion(program: Command): string {
  const nodes = walk(program);
  const cases = nodes
    .map((n) => `    ${shellQuote(n.path)}) words=${shellQuote([...n.subcommands, ...n.options.flatMap((o) => o.flags)].join(' '))} ;;`)
    .join('\n');
  const valued = [...new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).flatMap((o) => o.flags)))].join('|');
  return `# kwsync completion for bash: eval "$(kwsync completion bash)" (or save it in ~/.local/share/bash-completion/completions/kwsync)
_kwsync() {
  local cur prev path word words i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "$word" in -*) continue ;; esac
    if _kwsync_known "\${path:+$path }$word"; then path="\${path:+$path }$word"; fi
  done
  if [[ "$prev" == "--target" ]]; then
    COMPREPLY=( $(compgen -W "$(${TARGET_NAMES})" -- "$cur") )
    return
  fi
  case "$prev" in ${valued || '--none'}) COMPREPLY=( $(compgen -f -- "$cur") ); return ;; esac
  case "$path" in
${cases}
    *) words='' ;;
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
_kwsync_known() {
  case "$1" in
${nodes.filter((n) => n.path !== '').map((n) => `    ${shellQuote(n.path)}) return 0 ;;`).join('\n')}
  esac
  return 1
}
complete -o default -F _kwsync kwsync
`;
}

export function zshCompletion(program: Command): string {
  return `# kwsync completion for zsh: eval "$(kwsync completion zsh)" in ~/.zshrc (through bash's completion)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bashCompletion(program).split('\n').slice(1).join('\n')}`;
}

export function fishCompletion(program: Command): string {
  const nodes = walk(program);
  const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines = ['# kwsync completion for fish: kwsync completion fish > ~/.config/fish/completions/kwsync.fish', 'complete -c kwsync -f'];
  const condition = (path: string) => (path === '' ? '__fish_use_subcommand' : path.split(' ').map((w) => `__fish_seen_subcommand_from ${w}`).join('; and '));
  for (const n of nodes) {
    const parent = n.path;
    for (const sub of n.subcommands) {
      const child = nodes.find((c) => c.path === (parent === '' ? sub : `${parent} ${sub}`));
      const cond = parent === '' ? '__fish_use_subcommand' : `${condition(parent)}; and not __fish_seen_subcommand_from ${n.subcommands.join(' ')}`;
      lines.push(`complete -c kwsync -n ${q(cond)} -a ${q(sub)} -d ${q(child?.description ?? '')}`);
    }
    if (n.path === '') continue;
    for (const o of n.options) {
      const long = o.flags.find((f) => f.startsWith('--'))?.slice(2);
      const short = o.flags.find((f) => /^-[^-]$/.test(f))?.slice(1);
      if (!long) continue;
      const values = long === 'target' ? ` -x -a ${q(`(${TARGET_NAMES})`)}` : o.takesValue ? ' -r' : '';
      lines.push(`complete -c kwsync -n ${q(condition(n.path))} -l ${long}${short ? ` -s ${short}` : ''}${values} -d ${q(o.description.slice(0, 80))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
