// What a searching bot imports besides the policy contract (GUIDE §1 floor 7, §7 'a bot that searches'):
// worlds consistent with its Observation (worlds.ts), the playout kernel that plays them out (kernel.ts) and
// PIMC search of one decision over sampled worlds (search.ts: strategies/pimc.ts, `perlagg advise`).
// It takes the policy contract's types from src/policy/api.ts; nothing below the playout floor imports it.
export { worldConstraints, WorldError, CONSTRAINT_SOURCES, type World, type WorldConstraint, type WorldOptions, type ConstraintSource } from './worlds.ts';
export { kernelPositionOf } from './position.ts';
export { sampleWorld, worldSampler, newWorld, WorldSampler } from './sampler.ts';
export { Playout } from './kernel.ts';
export { ROLLOUT, moveAs, moveCard, moveOf, type KernelPosition, type RolloutPolicy } from './kernel-state.ts';
// PIMC search of one decision over sampled worlds (strategies/pimc.ts, `perlagg advise`).
export { DEFAULT_SEARCH, type SearchConfig, type AnswerModel, type AnswerQuery, type DecisionEstimate, type OptionEstimate, type Estimate } from './search-config.ts';
export { searchDecision, weightedEstimate } from './decision.ts';
// Worlds weighted by what the other seats did (policy-based inference): the model of a seat, a bot softened.
export { softened, worldLikelihood, effectiveSize, DEFAULT_TREMBLE, type SeatModel, type ActionDistribution } from './inference.ts';
