/**
 * The one shape of a decider (DESIGN §4): the pure rules of one aggregate. `decide` answers the
 * events a command records on the aggregate's state, or throws to refuse it; `evolve` folds one
 * event into the state, from `initialState`. `Meta` is what a decision may need of who and when
 * (the command service's CommandMeta); what it needs beyond its stream arrives in the command.
 */
export interface Decider<Command, State, Event, Meta = unknown> {
  decide(command: Command, state: State, meta: Meta): readonly Event[];
  evolve(state: State, event: Event): State;
  readonly initialState: State;
}
