/** The operators' area section of the home page's special topics (docs/special-topics.md). */
export const SPECIAL_TOPICS_PATH = '/sys/specialTopics';
