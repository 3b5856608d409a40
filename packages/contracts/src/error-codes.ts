/**
 * The one catalogue of error codes (STYLE.md "Error model"). Codes are stable and never renamed.
 * `{name}` placeholders are filled from AppError params. Spec wording is kept verbatim where the spec has it.
 */
export interface ErrorCodeRow {
  http: number;
  status: number;
  zh: string;
  en: string;
}

export const ERROR_CODES = {
  VALIDATION_FAILED: {
    http: 400,
    status: 0,
    zh: '参数错误：{field} {reason}',
    en: 'Invalid parameter: {field} {reason}',
  },
  /** Spec 1 §5, spec 2 §5: "keyword search at most 30 characters" (every list's keyword box). */
  KEYWORD_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '关键词不能超过 {max} 个字符',
    en: 'The keyword must be at most {max} characters',
  },
  /** Spec 2 §8 "too many reference documents": a check against given patents takes at most {max}. */
  REFERENCE_DOCUMENTS_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '对比文件过多，最多 {max} 件',
    en: 'Too many reference documents: at most {max}',
  },
  /** Issue 41 §6: a request text holding a lone UTF-16 surrogate (JSON "\ud800"), refused before any route reads it. */
  TEXT_MALFORMED: {
    http: 400,
    status: 0,
    zh: '参数错误：{field} 含有无效字符（不成对的 UTF-16 代理项），请删除后重试',
    en: 'Invalid parameter: {field} holds an invalid character (an unpaired UTF-16 surrogate); remove it and try again',
  },
  NOT_FOUND: { http: 404, status: 0, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  ROUTE_NOT_FOUND: { http: 404, status: 0, zh: '接口不存在：{method} {url}', en: 'No such endpoint: {method} {url}' },
  PATENT_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '未找到专利 {pn}：本库未收录该号码',
    en: 'Patent {pn} not found: this number is not in the database',
  },
  PATENT_NUMBER_INVALID: {
    http: 400,
    status: 0,
    zh: '无法识别的专利号：{pn}',
    en: 'Unrecognised patent number: {pn}',
  },
  DRAWING_NOT_FOUND: { http: 404, status: 0, zh: '附图不存在', en: 'Drawing not found' },
  PAYLOAD_TOO_LARGE: { http: 413, status: 0, zh: '上传内容过大', en: 'The upload is too large' },
  RATE_LIMITED: {
    http: 429,
    status: 0,
    zh: '当前网络繁忙，请稍后再试',
    en: 'Current network is busy, please try again later',
  },
  // --- Issue 40, CPU work off the HTTP thread: the per-user limit of the costly routes answered at once ---
  COSTLY_RATE_LIMITED: {
    http: 429,
    status: 0,
    zh: '操作过于频繁：此功能每位用户每分钟最多使用 {max} 次，请 {seconds} 秒后再试',
    en: 'Too many requests: this feature may be used {max} times a minute per user; please try again in {seconds} s',
  },
  /** Unknown errors: the message never carries the cause; the request id lets operators find the log line. */
  INTERNAL: {
    http: 500,
    status: 0,
    zh: '服务器内部错误，请稍后重试（请求编号 {requestId}）',
    en: 'Internal server error, please try again later (request id {requestId})',
  },
  /** A search expression the query package refused; the message is the query error's own (with its column). */
  QUERY_INVALID: { http: 400, status: 0, zh: '{message}', en: '{message}' },
  SORT_TOO_MANY_HITS: {
    http: 400,
    status: 0,
    zh: '检索结果超过 {max} 条，无法排序，请缩小检索范围',
    en: 'More than {max} results cannot be sorted; please narrow the search',
  },
  PAGE_TOO_DEEP: { http: 400, status: 0, zh: '最多可翻到第 {max} 页', en: 'Pages beyond {max} cannot be shown' },
  PAGE_SIZE_INVALID: { http: 400, status: 0, zh: '每页条数不合法', en: 'Invalid page size' },
  FIELD_UNKNOWN: {
    http: 400,
    status: 0,
    zh: '检索式有误：未知字段 {field}',
    en: 'Expression incorrect: unknown field {field}',
  },
  RANGE_INVALID: {
    http: 400,
    status: 0,
    zh: '检索式有误：字段 {field} 的范围不合法',
    en: 'Expression incorrect: invalid range on field {field}',
  },
  WILDCARD_TOO_BROAD: {
    http: 400,
    status: 0,
    zh: '截词“{term}”匹配的词过多，请输入更多字符',
    en: 'The truncated term "{term}" matches too many words; please type more characters',
  },
  QUERY_UNSUPPORTED: {
    http: 400,
    status: 0,
    zh: '请调整逻辑复杂度或去除不必要的括号/NOT',
    en: 'Please adjust the logic complexity or remove unneeded parentheses/NOT',
  },
  /** Spec 1 §5 / §9: "Analysis or merge over 1 million patents is refused". */
  MERGE_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '检索结果超过 {max} 条，无法合并，请缩小检索范围',
    en: 'More than {max} results cannot be merged; please narrow the search',
  },
  /** Spec 2 §8 / §9: "Analysis data cannot exceed 1 million" (an analysis over more than MAX_ANALYSIS_TOTAL patents). */
  ANALYSIS_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '分析数据不能超过100万条',
    en: 'Analysis data cannot exceed 1 million',
  },
  /**
   * A search, count, analysis or text mining ran past its time budget (SEARCH_TIMEOUT_MS,
   * ANALYSIS_TIMEOUT_MS) and was stopped; params: seconds.
   */
  QUERY_TIMEOUT: {
    http: 503,
    status: 0,
    zh: '检索超时（超过 {seconds} 秒）已停止，请简化检索式（减少 OR 连接的条件、邻近算符或通配符）后重试',
    en: 'The search took longer than {seconds} s and was stopped; please simplify the expression (fewer OR conditions, proximity operators or wildcards) and try again',
  },
  /** A CPU worker's task (a document, an alignment, a formal review) ran past CPU_TASK_TIMEOUT_MS, waiting included; params: seconds. */
  CPU_TASK_TIMEOUT: {
    http: 503,
    status: 0,
    zh: '处理超时（超过 {seconds} 秒）已停止，请减少内容后重试',
    en: 'The work took longer than {seconds} s and was stopped; please try again with less content',
  },
  /** The client went away before its search finished: the search was stopped (nobody reads this answer). */
  QUERY_CANCELLED: { http: 400, status: 0, zh: '检索已取消', en: 'The search was cancelled' },
  // --- Issue 40, fair searches: start-up and per-user search rate limits ---
  /**
   * The search workers were still opening the index when the search's budget ran out (start-up):
   * nothing about the expression; the answer carries Retry-After and the web app retries by itself.
   */
  SERVICE_STARTING: {
    http: 503,
    status: 0,
    zh: '服务正在启动，请稍候重试',
    en: 'The service is starting; please retry in a moment',
  },
  /** One user's searches, counts or analyses past SEARCH_RATE_LIMIT_PER_MIN on one route (Retry-After set). */
  SEARCH_RATE_LIMITED: {
    http: 429,
    status: 0,
    zh: '检索请求过于频繁，请 {seconds} 秒后重试',
    en: 'Too many searches in a short time; please try again in {seconds} s',
  },
  // --- end of issue 40, fair searches ---
  /** A word-cloud, cluster or landscape call naming a cluster the clustering does not have. */
  TEXT_MINING_CLUSTER_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '聚类 {id} 不存在，请重新分析',
    en: 'Cluster {id} does not exist; please run the analysis again',
  },
  /** A cluster or landscape jump whose selection holds no patent. */
  TEXT_MINING_EMPTY_SELECTION: {
    http: 400,
    status: 0,
    zh: '所选区域内没有专利',
    en: 'The selection holds no patents',
  },
  /** A merge names fewer than two distinct words. */
  WORD_MERGE_TOO_FEW: {
    http: 400,
    status: 0,
    zh: '合并至少需要两个不同的词',
    en: 'Choose at least two different words to merge',
  },
  /** Reduction of a word that is neither a merge nor a removed word of the set. */
  WORD_MERGE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '“{word}”不是已合并或已删除的词',
    en: '"{word}" is not a merged or removed word',
  },
  WORD_MERGE_REDUCTION_EMPTY: {
    http: 400,
    status: 0,
    zh: '请指定要还原的词，或选择全部还原',
    en: 'Name the word to restore, or restore all',
  },
  WORD_MERGE_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '合并或删除的词过多（最多 {max} 项）',
    en: 'Too many merged or removed words (at most {max})',
  },
  /** A citation search without any seed number. */
  CITATION_SEEDS_EMPTY: {
    http: 400,
    status: 0,
    zh: '请输入专利号或选择专利',
    en: 'Enter patent numbers or select patents',
  },
  CITATION_TOO_MANY_SEEDS: {
    http: 400,
    status: 0,
    zh: '引证检索最多 {max} 件专利，当前 {count} 件',
    en: 'A citation search takes at most {max} patents; got {count}',
  },
  CITATION_SEEDS_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '本库未收录这些专利：{numbers}',
    en: 'None of these patents is in the database: {numbers}',
  },
  /** A citation set key that was never issued (a mistyped deep link). */
  CITATION_SEARCH_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该引证检索不存在，请重新检索',
    en: 'This citation search does not exist; please search again',
  },
  /** /legal/cnki for an application number the store does not hold. */
  LEGAL_APPLICATION_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '未找到申请号 {number} 的法律信息：本库未收录该申请',
    en: 'No legal information for application {number}: this application is not in the database',
  },
  APPLICATION_NUMBER_INVALID: {
    http: 400,
    status: 0,
    zh: '无法识别的申请号：{number}',
    en: 'Unrecognised application number: {number}',
  },
  /** Issue 48 item 5: `asOf` above the newest data version. */
  DATA_VERSION_NOT_FOUND: {
    http: 400,
    status: 0,
    zh: '数据版本 {version} 不存在（最新为 {latest}）',
    en: 'Data version {version} does not exist (the newest is {latest})',
  },
  SEARCH_STATE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '检索条件已失效，请重新检索',
    en: 'This saved search state no longer exists; please search again',
  },
  SERVICE_UNAVAILABLE: {
    http: 503,
    status: 0,
    zh: '服务正在关闭，请稍后重试',
    en: 'The service is shutting down, please retry shortly',
  },
  // ---- Accounts, sessions, permissions (spec 1 §4, §6, §8) ----
  /** No bearer token, or a token that matches no session / API token (401: the web app logs out once). */
  UNAUTHORIZED: {
    http: 401,
    status: 0,
    zh: '未登录或登录已失效，请重新登录',
    en: 'Not signed in, or the sign-in has ended; please sign in again',
  },
  /** The access token is past its expiry: the client refreshes once and retries. */
  TOKEN_EXPIRED: {
    http: 401,
    status: 0,
    zh: '登录已过期，请重新登录',
    en: 'Your sign-in has expired; please sign in again',
  },
  /** Spec 1 §8 "Session lost": the session was ended by a login elsewhere (crowd_out). */
  SESSION_CROWDED_OUT: {
    http: 401,
    status: 0,
    zh: '因长时间未操作，或因其他用户登录此账号而被登出，请重新登录',
    en: 'You were signed out after a long period of inactivity or because someone signed in to this account elsewhere; please sign in again',
  },
  /** The refresh token is unknown, already used (rotation) or expired: the client logs out. */
  /**
   * Two refreshes of one token at once (two tabs): the other one got the new tokens. Not a logout:
   * the client takes the tokens the other tab stored, or refreshes again with them.
   */
  REFRESH_RACE_LOST: {
    http: 409,
    status: 0,
    zh: '登录状态已在其他页面更新，请重试',
    en: 'Your sign-in was renewed in another tab; please try again',
  },
  REFRESH_TOKEN_INVALID: {
    http: 401,
    status: 0,
    zh: '登录已失效，请重新登录',
    en: 'Your sign-in is no longer valid; please sign in again',
  },
  /** Spec 1 §8 "Access": a permission the route needs is missing from the caller's menu. */
  FORBIDDEN: { http: 403, status: 0, zh: '暂无权限，请联系管理员', en: 'No permission, please contact administrator' },
  /** Spec 1 §8 "Access": a feature that needs a personal account, used by an IP-login visitor. */
  LOGIN_REQUIRED: {
    http: 401,
    status: 0,
    zh: '该功能需登录个人账号后使用，或联系销售经理开通',
    en: 'This function is unavailable unless you sign in with your own account or contact the sales manager',
  },
  CAPTCHA_WRONG: { http: 400, status: 0, zh: '验证码错误', en: 'Incorrect verification code' },
  CAPTCHA_EXPIRED: {
    http: 400,
    status: 0,
    zh: '验证码已过期，请刷新验证码',
    en: 'The verification code has expired; please refresh it',
  },
  /** Unknown e-mail, wrong password and not-yet-activated account share this one message. */
  LOGIN_FAILED: { http: 400, status: 0, zh: '邮箱或密码错误', en: 'Incorrect e-mail or password' },
  LOGIN_LOCKED: {
    http: 400,
    status: 0,
    zh: '密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed attempts; please try again in {minutes} minutes',
  },
  /** Issue 43: registered while registration needs an operator's approval, not yet approved. */
  ACCOUNT_AWAITING_APPROVAL: {
    http: 403,
    status: 0,
    zh: '账号正在等待管理员审核，审核通过后即可登录',
    en: 'Your account is awaiting approval by an administrator; you can log in once it is approved',
  },
  ACCOUNT_DISABLED: {
    http: 403,
    status: 0,
    zh: '账号已被停用，请联系管理员',
    en: 'This account has been disabled; please contact the administrator',
  },
  /**
   * Issue 41: demo@patlas.local still has the published password and the server listens beyond
   * loopback: the account is refused until an operator changes its password or allows it.
   */
  DEMO_ACCOUNT_DISABLED: {
    http: 403,
    status: 0,
    zh: '演示账号使用公开的默认密码，服务器对外提供服务时已停用；请联系管理员修改其密码',
    en: 'The demo account has the published default password and is disabled while the server is reachable from other machines; ask the administrator to change its password',
  },
  /** Spec 1 §8 "Already logged in elsewhere": answered to a login with crowd_out false; no session is created. */
  LOGGED_IN_ELSEWHERE: {
    http: 409,
    status: 0,
    zh: '此账号已在其他设备登录，是否在其他设备退出，并在此设备登录？',
    en: 'This account is signed in on another device. Sign out there and sign in on this device?',
  },
  /** Spec 1 §8 "IP range without role". */
  IP_NO_ROLE: {
    http: 403,
    status: 0,
    zh: '当前IP范围无角色权限！',
    en: 'The current IP range has no role permissions!',
  },
  /** Spec 1 §8 "IP online limit"; envelope status -3 (spec 1 §4). */
  IP_ONLINE_LIMIT: {
    http: 403,
    status: -3,
    zh: '专利数据库同时在线人数到达上限！',
    en: 'The patent database has reached its limit of concurrent online users!',
  },
  IP_NOT_ALLOWED: {
    http: 403,
    status: 0,
    zh: '当前IP不在授权范围内，请使用账号登录',
    en: 'Your IP address is not in an authorised range; please sign in with an account',
  },
  EMAIL_TAKEN: { http: 409, status: 0, zh: '该邮箱已被使用', en: 'This e-mail address is already in use' },
  ROLE_NAME_TAKEN: { http: 409, status: 0, zh: '角色名称已存在', en: 'A role with this name already exists' },
  TENANT_CODE_TAKEN: {
    http: 409,
    status: 0,
    zh: '机构代码已存在',
    en: 'An organisation with this code already exists',
  },
  /** A body names a role id that does not exist (field: roleIds / ipRoleIds). */
  ROLE_NOT_FOUND: { http: 400, status: 0, zh: '角色不存在：{id}', en: 'No such role: {id}' },
  TENANT_NOT_FOUND: { http: 400, status: 0, zh: '机构不存在：{id}', en: 'No such organisation: {id}' },
  ROLE_BUILT_IN: {
    http: 400,
    status: 0,
    zh: '内置角色不能修改或删除',
    en: 'Built-in roles cannot be changed or deleted',
  },
  TENANT_IN_USE: {
    http: 409,
    status: 0,
    zh: '该机构下仍有用户，不能删除',
    en: 'This organisation still has users and cannot be deleted',
  },
  TENANT_DEFAULT: { http: 400, status: 0, zh: '默认机构不能删除', en: 'The default organisation cannot be deleted' },
  /** An operator may not disable their own account or take the operators' permission from themselves. */
  SYS_SELF_LOCKOUT: {
    http: 400,
    status: 0,
    zh: '不能停用自己的账号或移除自己的管理权限',
    en: 'You cannot disable your own account or remove your own administrator permission',
  },
  /** A tenant's IP range that is not CIDR (data.field names the entry, e.g. ipRanges.2). */
  IP_RANGE_INVALID: {
    http: 400,
    status: 0,
    zh: 'IP 网段格式不正确：{value}（应为 CIDR，例如 10.0.0.0/8 或 2001:db8::/32）',
    en: 'Invalid IP range: {value} (expected CIDR, e.g. 10.0.0.0/8 or 2001:db8::/32)',
  },
  // ---- Own account, registration, e-mail links, custom config (domains/account) ----
  /** Registration with an e-mail that already has an activated account (an unactivated one gets a fresh link). */
  REGISTER_EMAIL_TAKEN: {
    http: 409,
    status: 0,
    zh: '该邮箱已注册，请直接登录；忘记密码可通过“忘记密码”重置',
    en: 'This e-mail address is already registered; please sign in, or use "Forgot password" to reset it',
  },
  /** A registration or reset link whose token matches nothing (mistyped, or replaced by a newer link). */
  EMAIL_LINK_INVALID: {
    http: 400,
    status: 0,
    zh: '链接无效，请重新申请找回密码',
    en: 'This link is not valid; please request a new one with "Forgot password"',
  },
  EMAIL_LINK_EXPIRED: {
    http: 400,
    status: 0,
    zh: '链接已过期，请重新申请找回密码',
    en: 'This link has expired; please request a new one with "Forgot password"',
  },
  EMAIL_LINK_USED: {
    http: 400,
    status: 0,
    zh: '链接已使用过，每个链接只能使用一次；如需再次设置密码，请重新申请找回密码',
    en: 'This link has already been used (each link works once); request a new one with "Forgot password" if needed',
  },
  /** Issue 41: an e-mail change link that matches nothing, was used, or expired. */
  EMAIL_CHANGE_LINK_INVALID: {
    http: 400,
    status: 0,
    zh: '邮箱确认链接无效、已使用或已过期，请在个人信息页重新修改邮箱',
    en: 'This confirmation link is not valid, was already used or has expired; change your e-mail again on your account page',
  },
  /** Own-account changes by an IP-login visitor, who has no account of their own (spec 1 §4). */
  ACCOUNT_IP_VISITOR: {
    http: 403,
    status: 0,
    zh: 'IP 登录用户没有个人账号，无法使用此功能，请使用邮箱和密码登录',
    en: 'Visitors signed in by IP address have no personal account; please sign in with e-mail and password to use this',
  },
  /** Spec 1 §4: "IP login skips saving custom config to the server". */
  CUSTOM_CONFIG_IP_VISITOR: {
    http: 403,
    status: 0,
    zh: 'IP 登录用户的个性化设置不保存到服务器，请使用邮箱和密码登录后保存',
    en: 'Settings of visitors signed in by IP address are not saved on the server; sign in with e-mail and password to save them',
  },
  /** Changing the password or the e-mail address needs the current password. */
  CURRENT_PASSWORD_WRONG: { http: 400, status: 0, zh: '当前密码不正确', en: 'The current password is incorrect' },
  /** Issue 16 §2: current-password checks lock like the login (LOGIN_MAX_FAILURES wrong ones in a window). */
  CURRENT_PASSWORD_LOCKED: {
    http: 400,
    status: 0,
    zh: '当前密码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many incorrect current passwords; please try again in {minutes} minutes',
  },
  /** Issue 16 §2: a new personal API token needs the current password unless the session signed in just now. */
  API_TOKEN_PASSWORD_REQUIRED: {
    http: 403,
    status: 0,
    zh: '创建 API 令牌需要输入当前密码',
    en: 'Enter your current password to create an API token',
  },
  /** Issue 41: a personal API token past the expiry chosen at its creation. */
  API_TOKEN_EXPIRED: {
    http: 401,
    status: 0,
    zh: '个人 API 令牌已过期，请在个人信息页创建新的令牌',
    en: 'This personal API token has expired; create a new one on your account page',
  },
  /** Spec 1 §5: "Semantic weights cannot all be 0". */
  /** Spec 1 §8 "Access": semantic retrieval has its own permission (`semantics`). */
  SEMANTIC_FORBIDDEN: {
    http: 403,
    status: 0,
    zh: '暂无语义检索权限，请联系客服',
    en: 'No semantic retrieval permissions, please contact the customer service',
  },
  SEMANTIC_TEXT_TOO_SHORT: {
    http: 400,
    status: 0,
    zh: '请输入至少 {min} 个字符的技术描述再检索',
    en: 'Enter a technical description of at least {min} characters to search',
  },
  /** Spec 1 §9 "semantic text 50000". */
  SEMANTIC_TEXT_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '检索文本超出字数限制：最多 {max} 个字符，当前 {length} 个',
    en: 'The text exceeds the character limit: at most {max} characters, this one has {length}',
  },
  /** Issue 48 item 2: a pasted expression of another system above MAX_FOREIGN_EXPRESSION_LENGTH. */
  FOREIGN_EXPRESSION_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '待转换的检索式过长：最多 {max} 个字符，当前 {length} 个',
    en: 'The expression to translate is too long: at most {max} characters, this one has {length}',
  },
  /** Spec 1 §8 "no valid text information": nothing in the text is a word the index knows. */
  SEMANTIC_NO_VALID_TEXT: {
    http: 400,
    status: 0,
    zh: '检索文本中没有有效的文本信息',
    en: 'The text contains no valid text information',
  },
  /** Spec 1 §5 "Same country cannot be selected twice". */
  SEMANTIC_DUPLICATE_SOURCE: {
    http: 400,
    status: 0,
    zh: '同一国家/地区不能重复选择：{code}',
    en: 'The same country cannot be selected twice: {code}',
  },
  SEMANTIC_DATE_RANGE_INVALID: {
    http: 400,
    status: 0,
    zh: '起始日期不能晚于结束日期',
    en: 'The start date cannot be later than the end date',
  },
  /** A stored semantic query that is unknown or older than its retention. */
  SEMANTIC_KEY_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该语义检索结果已失效，请重新检索',
    en: 'This semantic search has expired, please search again',
  },
  /** SEMANTIC_MODEL_PATH names a model that cannot be loaded (the server logs why). */
  SEMANTIC_MODEL_UNAVAILABLE: {
    http: 503,
    status: 0,
    zh: '语义模型不可用：{reason}',
    en: 'The semantic model is unavailable: {reason}',
  },
  SEMANTIC_WEIGHTS_ALL_ZERO: {
    http: 400,
    status: 0,
    zh: '语义检索权重不能全部为 0',
    en: 'Semantic search weights cannot all be 0',
  },
  /** Issue 41: an account mail (registration, trial) to the same address within MAIL_RESEND_INTERVAL_SECONDS. */
  MAIL_RESEND_TOO_SOON: {
    http: 429,
    status: 0,
    zh: '邮件刚刚已发送到该邮箱，请 {seconds} 秒后再试',
    en: 'An e-mail was just sent to this address; please try again in {seconds} s',
  },
  /** Issue 41: MAIL_RESENDS_PER_HOUR account mails to one address within an hour. */
  MAIL_RESEND_LIMIT: {
    http: 429,
    status: 0,
    zh: '该邮箱一小时内收到的邮件已达 {max} 封，请 {minutes} 分钟后再试',
    en: 'This address has received {max} e-mails within an hour; please try again in {minutes} min',
  },
  /** The SMTP server refused or could not be reached while sending a registration link. */
  MAIL_SEND_FAILED: {
    http: 503,
    status: 0,
    zh: '邮件发送失败，请稍后重试',
    en: 'The e-mail could not be sent; please try again later',
  },
  CLASSIFICATION_CODE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '分类号 {code} 不在 {scheme} 分类表中',
    en: 'Symbol {code} is not in the {scheme} scheme',
  },
  HISTORY_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该历史记录不存在或已被删除',
    en: 'This history entry does not exist or has been deleted',
  },
  HISTORY_CONTENT_INVALID: {
    http: 400,
    status: 0,
    zh: '历史记录内容无效：{reason}',
    en: 'Invalid history entry: {reason}',
  },
  /** A semantic search is ranked text, not a set an expression can AND/OR/NOT with others. */
  HISTORY_COMBINE_SEMANTIC: {
    http: 400,
    status: 0,
    zh: '第 {no} 条历史记录是语义检索，不能参与组合检索',
    en: 'History entry #{no} is a semantic search and cannot be combined',
  },
  HISTORY_COMBINE_EMPTY: {
    http: 400,
    status: 0,
    zh: '第 {no} 条历史记录没有可组合的检索式',
    en: 'History entry #{no} has no expression to combine',
  },
  /**
   * Combining history entries: an entry's filter (or data-source scope) has no expression that
   * selects exactly the same patents (e.g. an applicant name that is part of another applicant's name).
   */
  HISTORY_COMBINE_FILTER_INEXACT: {
    http: 400,
    status: 0,
    zh: '第 {no} 条历史记录的筛选条件“{filter}”无法精确转换为检索式，不能参与组合；请去掉该筛选条件，或把它写进检索式后重新检索',
    en: 'The filter "{filter}" of history entry #{no} cannot be written as an exact expression, so the entry cannot be combined; remove the filter, or write it into the expression and search again',
  },
  IMPORT_FILE_INVALID: {
    http: 400,
    status: 0,
    zh: '无法读取导入文件：{reason}',
    en: 'The import file cannot be read: {reason}',
  },
  /** An Excel 97–2003 workbook (.xls, BIFF): no maintained reader on the npm registry (docs/import-formats.md). */
  IMPORT_XLS_LEGACY: {
    http: 400,
    status: 0,
    zh: '无法读取旧版 Excel 文件（.xls，Excel 97–2003）：请用 Excel 或 WPS 打开，另存为 .xlsx 后再导入',
    en: 'Old Excel files (.xls, Excel 97–2003) cannot be read: open the file in Excel or WPS, save it as .xlsx and import that file',
  },
  /** Issue 16 §2: a multipart upload that cannot be parsed (no boundary, cut short, damaged part headers). */
  UPLOAD_MALFORMED: {
    http: 400,
    status: 0,
    zh: '上传的内容不完整或格式不正确（无法解析 multipart 数据），请重新上传',
    en: 'The upload is incomplete or malformed (its multipart data cannot be read); please upload it again',
  },
  IMPORT_FILE_REQUIRED: { http: 400, status: 0, zh: '请选择要导入的文件', en: 'Please choose a file to import' },
  /** Batch-search imports (/data/search/import/txt|excel): the file's type does not match the call. */
  IMPORT_FILE_TYPE: {
    http: 400,
    status: 0,
    zh: '文件格式不正确，请上传 {types} 文件',
    en: 'Wrong file type; please upload a {types} file',
  },
  // ---- Issue 40: spreadsheet imports read off the HTTP thread, with per-route caps (files/sheet-reader.ts) ----
  /** A spreadsheet import over its route's row cap (contracts limits.ts *_IMPORT_ROWS), refused at that row. */
  IMPORT_TOO_MANY_ROWS: {
    http: 400,
    status: 0,
    zh: '文件超过 {max} 行（不含表头），请拆分后分批导入',
    en: 'The file has more than {max} rows (besides a header); split it and import the parts one by one',
  },
  /** A history import wider than MAX_HISTORY_IMPORT_COLUMNS columns. */
  IMPORT_TOO_MANY_COLUMNS: {
    http: 400,
    status: 0,
    zh: '工作表超过 {max} 列，请删除多余的列后重新导入',
    en: 'The sheet has more than {max} columns; remove the extra columns and import again',
  },
  /** Reading one spreadsheet took longer than SHEET_READ_TIMEOUT_MS (queueing included); params: seconds. */
  IMPORT_READ_TIMEOUT: {
    http: 503,
    status: 0,
    zh: '读取文件超时（超过 {seconds} 秒）已停止，请拆分成较小的文件后再导入',
    en: 'Reading the file took longer than {seconds} s and was stopped; split it into smaller files and import those',
  },
  /** More spreadsheets waiting to be read than the reader queues (SHEET_READ_QUEUE). */
  IMPORT_READER_BUSY: {
    http: 503,
    status: 0,
    zh: '服务器正在读取其他导入文件，请稍后再试',
    en: 'The server is busy reading other import files; please try again in a moment',
  },
  /** Advanced-search templates (spec 1 §7). */
  TEMPLATE_NOT_FOUND: { http: 404, status: 0, zh: '该检索模板不存在', en: 'This search template does not exist' },
  TEMPLATE_NAME_TAKEN: {
    http: 400,
    status: 0,
    zh: '已有名为“{name}”的检索模板',
    en: 'A search template named "{name}" already exists',
  },
  TEMPLATE_LIMIT: {
    http: 400,
    status: 0,
    zh: '检索模板最多保存 {max} 个，请先删除不用的模板',
    en: 'At most {max} search templates can be kept; delete one you no longer use first',
  },
  TEMPLATE_DEFAULT_UNDELETABLE: {
    http: 400,
    status: 0,
    zh: '默认模板不能删除',
    en: 'The default template cannot be deleted',
  },
  TEMPLATE_FIELD_UNKNOWN: { http: 400, status: 0, zh: '未知的检索字段：{field}', en: 'Unknown search field: {field}' },
  /** Spec 1 §5 "Batch search": numbers up to a templated maximum, applicants up to 100. */
  BATCH_EMPTY: {
    http: 400,
    status: 0,
    zh: '请输入要检索的公开号、申请号或申请人',
    en: 'Please enter publication numbers, application numbers or applicants',
  },
  // ---- Compare dialog (spec 2 §2, §5 "Compare needs 2 to 10 patents") ----
  COMPARE_TOO_FEW: {
    http: 400,
    status: 0,
    zh: '请至少选择 {min} 件专利进行对比',
    en: 'Select at least {min} patents to compare',
  },
  /** Spec 2 §8: "Selected patents cannot exceed {n} entries" (more than MAX_COMPARE_PATENTS to compare). */
  COMPARE_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '所选专利不能超过 {max} 条',
    en: 'Selected patents cannot exceed {max} entries',
  },
  /** Spec 2 §8 "Selected patents cannot exceed {n} entries": more than MAX_FAMILY_EXPAND_SEEDS to expand to their families. */
  FAMILY_EXPAND_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '所选专利不能超过 {max} 条',
    en: 'Selected patents cannot exceed {max} entries',
  },
  /** Spec 2 §8: the simple-family expansions of the account reached its maximum (users.quotas.familyExpand). */
  FAMILY_EXPAND_QUOTA_EXCEEDED: {
    http: 400,
    status: 0,
    zh: '同族扩展次数已超过账号上限（已用 {used} / {limit}），请联系销售经理',
    en: 'Simple-family expansions exceed your account maximum ({used} of {limit} used); please contact your sales manager',
  },
  /** The expanded families would make an expression longer than MAX_EXPRESSION_LENGTH: fewer patents then. */
  FAMILY_EXPAND_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '扩展后的同族专利共 {count} 件，超过 {max} 字符长度，请减少所选专利',
    en: 'The expanded families hold {count} patents, exceeding {max} character length; select fewer patents',
  },
  /** Issue 48 item 4: a recall check of more than MAX_RECALL_CHECK_NUMBERS patents (numbers given, or a library's). */
  RECALL_CHECK_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '查全校验最多核对 {max} 件专利，当前 {count} 件，请减少号码或选择较小的专利库',
    en: 'A recall check takes at most {max} patents; this one has {count}. Give fewer numbers or pick a smaller library',
  },
  /** Issue 48 item 4: a recall check with neither numbers nor a library. */
  RECALL_CHECK_EMPTY: {
    http: 400,
    status: 0,
    zh: '请填写已知相关的专利号，或选择一个专利库',
    en: 'Enter the numbers of patents you know are relevant, or pick a library',
  },
  BATCH_TOO_MANY_NUMBERS: {
    http: 400,
    status: 0,
    zh: '号码最多 {max} 个，当前 {count} 个',
    en: 'At most {max} numbers per search; this list has {count}',
  },
  BATCH_TOO_MANY_APPLICANTS: {
    http: 400,
    status: 0,
    zh: '申请人最多 {max} 个，当前 {count} 个',
    en: 'At most {max} applicants per search; this list has {count}',
  },
  BATCH_RECORD_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该批量检索记录不存在',
    en: 'This batch search record does not exist',
  },
  /** Spec 2 §9: "palettes of 5 to 10 hex values per chart type". */
  CHART_PALETTE_SIZE: {
    http: 400,
    status: 0,
    zh: '配色方案需要 {min} 至 {max} 种颜色，当前为 {count} 种',
    en: 'A palette needs {min} to {max} colours; this one has {count}',
  },
  CHART_COLOR_INVALID: {
    http: 400,
    status: 0,
    zh: '颜色值“{value}”不正确，应为 #1677ff 这样的十六进制颜色',
    en: 'Invalid colour "{value}": expected a hex colour such as #1677ff',
  },
  CHART_COLOR_INDEX_INVALID: {
    http: 400,
    status: 0,
    zh: '颜色序号应从 0 开始连续编号且不重复',
    en: 'Colour indexes must run from 0 upwards without gaps or repeats',
  },
  CHART_CONFIG_NOT_FOUND: { http: 404, status: 0, zh: '该图表设置不存在', en: 'This chart setting does not exist' },
  CHART_FOLDER_NOT_FOUND: { http: 404, status: 0, zh: '该图表文件夹不存在', en: 'This chart folder does not exist' },
  CHART_NOT_FOUND: { http: 404, status: 0, zh: '该图表不存在', en: 'This chart does not exist' },
  CHART_FOLDER_NAME_TAKEN: {
    http: 400,
    status: 0,
    zh: '同一位置已有名为“{name}”的文件夹',
    en: 'A folder named "{name}" already exists here',
  },
  CHART_FOLDER_NOT_EMPTY: {
    http: 400,
    status: 0,
    zh: '文件夹“{name}”中还有图表或子文件夹，请先移走或删除',
    en: 'The folder "{name}" still holds charts or subfolders; move or delete them first',
  },
  CHART_FOLDER_TOO_DEEP: {
    http: 400,
    status: 0,
    zh: '图表文件夹最多 {max} 层，且不能移入自身或其子文件夹',
    en: 'Chart folders nest at most {max} levels and cannot move into themselves or their subfolders',
  },
  CHART_FOLDER_LIMIT: {
    http: 400,
    status: 0,
    zh: '图表文件夹已达上限 {max} 个',
    en: 'You have reached the limit of {max} chart folders',
  },
  CHART_LIMIT: {
    http: 400,
    status: 0,
    zh: '我的图表已达上限 {max} 个，请先删除不需要的图表',
    en: 'You have reached the limit of {max} saved charts; delete some you no longer need first',
  },
  // ---- Translation (spec 1 §7) ----
  /** TRANSLATE_URL is not set: this installation has no translation service. */
  TRANSLATION_NOT_CONFIGURED: {
    http: 503,
    status: 0,
    zh: '未配置翻译服务：请管理员设置 TRANSLATE_URL 后重试',
    en: 'No translation service is configured: ask the administrator to set TRANSLATE_URL',
  },
  /** Not an error response: the text of `Error` when some batches of a translation failed. */
  TRANSLATION_BATCHES_FAILED: {
    http: 502,
    status: 0,
    zh: '{failed}/{total} 批翻译失败，对应文本返回为空：{reason}',
    en: '{failed} of {total} translation batches failed and their texts are empty: {reason}',
  },
  /**
   * Issue 41: the day's translation characters of the account (or, for an IP-login visitor, of the
   * address) are spent, or this call needs more than are left.
   */
  TRANSLATION_DAILY_LIMIT_REACHED: {
    http: 429,
    status: 0,
    zh: '今日翻译额度不足：每日 {limit} 字符，今日剩余 {left} 字符，本次需要 {chars} 字符；额度于 {resetsAt} 恢复',
    en: 'Not enough of today’s translation allowance: {limit} characters a day, {left} left, this call needs {chars}; it renews at {resetsAt}',
  },
  // ---- Image search (spec 1 §7 /search/image/*, /image/history/*) ----
  /** Spec 1 §5: "Image search needs an image (jpg, jpeg, png)": no file in the upload. */
  IMAGE_SEARCH_FILE_REQUIRED: {
    http: 400,
    status: 0,
    zh: '请上传图片（jpg、jpeg、png）',
    en: 'Please upload an image (jpg, jpeg, png)',
  },
  /** The name or the content (checked by its signature and by decoding it) is not a jpg/jpeg/png image. */
  IMAGE_SEARCH_FILE_TYPE: {
    http: 400,
    status: 0,
    zh: '图片格式不正确，仅支持 jpg、jpeg、png 格式',
    en: 'Wrong image format; only jpg, jpeg and png are supported',
  },
  /** A jpg/png signature but the image cannot be decoded (truncated, corrupt, or too many pixels). */
  IMAGE_SEARCH_FILE_UNREADABLE: {
    http: 400,
    status: 0,
    zh: '图片无法读取，文件可能已损坏，请换一张图片',
    en: 'The image cannot be read; the file may be damaged, please try another image',
  },
  /** Issue 7: "5 MB limit". */
  IMAGE_SEARCH_FILE_TOO_LARGE: {
    http: 413,
    status: 0,
    zh: '图片大小不能超过 {max} MB',
    en: 'The image must not be larger than {max} MB',
  },
  /** A stored image-search result that is unknown, cleared with the history or older than the retention. */
  IMAGE_SEARCH_KEY_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该图像检索结果已失效，请重新上传图片检索',
    en: 'This image search has expired; please upload the image again',
  },
  // ---- Export and downloads (spec 2 §5, §8, §9; issue 18: /export/*, /download/*) ----
  /** Spec 2 §8, verbatim: the export would pass the account's export quota (users.quotas.export). */
  EXPORT_QUOTA_EXCEEDED: {
    http: 400,
    status: 0,
    zh: '抱歉！导出数量超出个人限额（已用 {used} / {limit}）',
    en: 'Sorry! Export quantity exceeds personal limit ({used} of {limit} used)',
  },
  /** Spec 2 §8 "export index range too large": more than MAX_EXPORT_ROWS rows (or a document export above its limit). */
  EXPORT_RANGE_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '导出范围过大，一次最多导出 {max} 条',
    en: 'The export range is too large: at most {max} rows per export',
  },
  /** Spec 2 §9 "smaller limit for large-text fields": a table export with the claims or the description. */
  EXPORT_LARGE_TEXT_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '导出权利要求或说明书全文时，一次最多导出 {max} 条',
    en: 'With the full claims or description an export takes at most {max} rows',
  },
  /** Spec 2 §5 "end value must exceed start value". */
  EXPORT_RANGE_INVALID: {
    http: 400,
    status: 0,
    zh: '结束值必须大于起始值',
    en: 'The end value must be greater than the start value',
  },
  /** Spec 2 §5 "filename must not be all spaces". */
  EXPORT_FILENAME_BLANK: { http: 400, status: 0, zh: '文件名不能全为空格', en: 'The file name cannot be only spaces' },
  EXPORT_NOTHING: { http: 400, status: 0, zh: '没有可导出的专利', en: 'There are no patents to export' },
  /** Spec 2 §8 "Export failed". */
  EXPORT_FAILED: { http: 500, status: 0, zh: '导出失败：{reason}', en: 'Export failed: {reason}' },
  /** Spec 2 §9 "at most 100 templates". */
  EXPORT_TEMPLATE_LIMIT: {
    http: 400,
    status: 0,
    zh: '导出模板最多 {max} 个',
    en: 'You can keep at most {max} export templates',
  },
  EXPORT_TEMPLATE_NAME_TAKEN: { http: 409, status: 0, zh: '名称已存在', en: 'Name already exists' },
  EXPORT_TEMPLATE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该导出模板不存在',
    en: 'This export template does not exist',
  },
  /** /export/depthAnalysisInfo: a chart id the dashboard does not have. */
  EXPORT_CHART_UNKNOWN: {
    http: 400,
    status: 0,
    zh: '分析图表不存在：{chart}',
    en: 'There is no analysis chart {chart}',
  },
  /** /export/depthAnalysisInfo: the same chart asked for twice. */
  EXPORT_CHART_TWICE: {
    http: 400,
    status: 0,
    zh: '图表“{chart}”重复',
    en: 'The chart "{chart}" is listed twice',
  },
  /** A chart image that is not a PNG data URL (ECharts getDataURL with type png). */
  EXPORT_IMAGE_INVALID: {
    http: 400,
    status: 0,
    zh: '图表“{chart}”的图片不是有效的 PNG 图片',
    en: 'The image of the chart "{chart}" is not a valid PNG image',
  },
  /** A chart image above MAX_CHART_IMAGE_BYTES, or all images above MAX_CHART_IMAGES_BYTES. */
  EXPORT_IMAGE_TOO_LARGE: {
    http: 413,
    status: 0,
    zh: '图表“{chart}”的图片过大（{size} MB），每张图片不能超过 {max} MB，全部图片合计不能超过 {total} MB',
    en: 'The image of the chart "{chart}" is too large ({size} MB): at most {max} MB per image and {total} MB in all',
  },
  DOWNLOAD_NOT_FOUND: { http: 404, status: 0, zh: '该下载任务不存在', en: 'This download task does not exist' },
  /** Issue 41 §7: one user's progress websockets open at once are capped; the web app polls instead. */
  DOWNLOAD_PROGRESS_SOCKETS_LIMIT: {
    http: 429,
    status: 0,
    zh: '同时跟踪进度的连接过多（每位用户最多 {max} 个），请关闭其他下载中心页面后重试',
    en: 'Too many progress connections at once (at most {max} per user); close other download centre pages and try again',
  },
  /** The file of a finished task is gone after its days (EXPORT_FILE_DAYS); "run again" remains. */
  DOWNLOAD_EXPIRED: {
    http: 410,
    status: 0,
    zh: '文件已过期，请重新导出',
    en: 'The file has expired; please run the export again',
  },
  /** Cancel of a task that is no longer waiting or running; redraw of one not done. */
  DOWNLOAD_STATE_CONFLICT: {
    http: 400,
    status: 0,
    zh: '当前状态下无法执行此操作：任务{reason}',
    en: 'This cannot be done in the current state: the task is {reason}',
  },
  /** Spec 2 §8 "Download failed". */
  DOWNLOAD_FAILED: { http: 500, status: 0, zh: '下载失败', en: 'Download failed' },
  // ---- Patent value (spec 2 §7, issue 21: /patentValue/*) ----
  /** A Word or PDF value report of more patents than MAX_VALUE_REPORT_DOCUMENT_PATENTS. */
  PATENT_VALUE_REPORT_TOO_MANY: {
    http: 400,
    status: 0,
    zh: 'Word 或 PDF 价值报告一次最多 {max} 件专利，更多专利请选择 Excel',
    en: 'A Word or PDF value report holds at most {max} patents; choose Excel for more',
  },
  // ---- Libraries (spec 2 §4–§9, issue 17: /archive/v2/*, /labelmanage/*) ----
  /** A folder that does not exist, or that the caller may not open (another user's: never told apart). */
  LIBRARY_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该专利库不存在或无权访问',
    en: 'This patent library does not exist or you have no access to it',
  },
  /** Spec 2 §8 "Access": a deleted (or, for its members, archived) library opened or written to. */
  LIBRARY_UNAVAILABLE: {
    http: 400,
    status: 0,
    zh: '该专利库已被删除或归档，无法查看',
    en: 'The patent library has been deleted or archived, and cannot be viewed',
  },
  /** Spec 2 §3: a member of a collaborative library creating, renaming, moving, archiving or deleting folders, or sharing. */
  LIBRARY_OWNER_ONLY: {
    http: 403,
    status: 0,
    zh: '只有专利库的创建者可以进行此操作',
    en: 'Only the owner of the patent library can do this',
  },
  /** Spec 2 §8 "recipient is already a member". */
  LIBRARY_ALREADY_MEMBER: {
    http: 400,
    status: 0,
    zh: '接收人已是该专利库成员：{email}',
    en: 'Recipient is already a member of this library: {email}',
  },
  LIBRARY_ALREADY_INVITED: {
    http: 400,
    status: 0,
    zh: '已邀请该用户，等待对方处理：{email}',
    en: 'This user is already invited and has not answered yet: {email}',
  },
  LIBRARY_NOT_A_MEMBER: {
    http: 400,
    status: 0,
    zh: '该用户不是此专利库的成员',
    en: 'This user is not a member of the library',
  },
  LIBRARY_OWNER_CANNOT_LEAVE: {
    http: 400,
    status: 0,
    zh: '创建者不能退出专利库，可以解散协作',
    en: 'The owner cannot leave the library; stop sharing it instead',
  },
  LIBRARY_NO_INVITATION: {
    http: 400,
    status: 0,
    zh: '没有待处理的专利库协作邀请',
    en: 'There is no pending invitation to this library',
  },
  /** Spec 2 §9 "library share member cap exists". */
  LIBRARY_TOO_MANY_MEMBERS: {
    http: 400,
    status: 0,
    zh: '一个专利库最多共享给 {max} 位成员',
    en: 'A library can be shared with at most {max} members',
  },
  /** Sharing with a group whose members are all in the library already. */
  LIBRARY_SHARE_NOBODY_NEW: {
    http: 400,
    status: 0,
    zh: '该群组的成员均已加入或已被邀请',
    en: 'Every member of this group is already in the library or invited',
  },
  /** Spec 2 §9 "5 sub-folder levels": a new or moved folder would be deeper. */
  LIBRARY_TOO_DEEP: {
    http: 400,
    status: 0,
    zh: '专利库最多 {max} 级文件夹',
    en: 'A patent library can have at most {max} levels of folders',
  },
  /** A folder moved into itself or one of its sub-folders. */
  LIBRARY_MOVE_CYCLE: {
    http: 400,
    status: 0,
    zh: '移动失败：不能移动到自身或其子文件夹下',
    en: 'Move failed: a folder cannot be moved into itself or one of its sub-folders',
  },
  /** Spec 2 §8 "name already exists": sibling folders have distinct names. */
  LIBRARY_NAME_TAKEN: {
    http: 409,
    status: 0,
    zh: '同一位置已有名为“{name}”的专利库',
    en: 'A library named "{name}" already exists here',
  },
  /** Archive / unarchive apply to a top-level library; purge to folders in the recycle bin… */
  LIBRARY_STATE_CONFLICT: {
    http: 400,
    status: 0,
    zh: '当前状态下无法执行此操作：{reason}',
    en: 'This cannot be done in the current state: {reason}',
  },
  /** Spec 2 §8 "Selected patents cannot exceed {n} entries" (spec 2 §9: 30,000 per favourite or import). */
  COLLECT_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '所选专利不能超过{max}条',
    en: 'Selected patents cannot exceed {max} entries',
  },
  /** Spec 2 §8, verbatim: patents × folders of one collect above MAX_COLLECT_TOTAL. */
  COLLECT_TOTAL_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '多个文件夹收藏总数不能超过{max}条',
    en: 'The total number of collections in multiple folders cannot exceed {max} entries',
  },
  /** The account's favourites quota (users.quotas.favorites; spec 2 §6) would be exceeded. */
  COLLECT_QUOTA_EXCEEDED: {
    http: 400,
    status: 0,
    zh: '收藏数量超出个人限额（{limit}条，已用{used}条）',
    en: 'Sorry! Favourites exceed your personal limit ({limit} entries, {used} used)',
  },
  /**
   * A member's collect or import into a collaborative library would pass the owner's favourites
   * limit: what members add is the owner's (it counts in the owner's `used`; issue 41).
   */
  COLLECT_OWNER_QUOTA_EXCEEDED: {
    http: 400,
    status: 0,
    zh: '该专利库所有者的收藏额度不足（{limit}条，已用{used}条），请联系所有者',
    en: "Favourites would exceed the library owner's limit ({limit} entries, {used} used); please contact the owner",
  },
  /** A collect or import whose numbers are all missing from the database, or an empty import file. */
  COLLECT_NOTHING: {
    http: 400,
    status: 0,
    zh: '没有可收藏的专利',
    en: 'There are no patents to collect',
  },
  SAVED_EXPRESSION_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该检索式不存在或已被删除',
    en: 'This saved expression does not exist or has been deleted',
  },
  /** A saved expression that cannot join a combination (a set source, or a filter without an exact expression). */
  SAVED_EXPRESSION_NOT_COMBINABLE: {
    http: 400,
    status: 0,
    zh: '检索式“{name}”不能参与组合：{reason}',
    en: 'The saved expression "{name}" cannot be combined: {reason}',
  },
  LABEL_NOT_FOUND: { http: 404, status: 0, zh: '该标引不存在', en: 'This label does not exist' },
  LABEL_NAME_TAKEN: {
    http: 409,
    status: 0,
    zh: '同一位置已有名为“{name}”的标引',
    en: 'A label named "{name}" already exists here',
  },
  /** Labels have two levels: a sub-label cannot have sub-labels. */
  LABEL_TOO_DEEP: {
    http: 400,
    status: 0,
    zh: '子标引下不能再创建标引',
    en: 'A sub-label cannot have sub-labels',
  },
  /** Spec 2 §5 "Tags can be deleted only when they have no sub-tags". */
  LABEL_HAS_CHILDREN: {
    http: 400,
    status: 0,
    zh: '该标引下有子标引，不能删除',
    en: 'This label has sub-labels and cannot be deleted',
  },
  /** The owner's labels would pass MAX_LIBRARY_LABELS_PER_OWNER (created by hand or by an import; issue 41). */
  LABEL_LIMIT_REACHED: {
    http: 400,
    status: 0,
    zh: '标引数量已达上限（{max}个），请删除不再使用的标引后再试',
    en: 'The labels have reached their limit ({max}); delete labels no longer used and try again',
  },
  /** Spec 2 §9 "3,000 different indexing labels per import". */
  IMPORT_TOO_MANY_LABELS: {
    http: 400,
    status: 0,
    zh: '单次导入的不同标引不能超过{max}个（本文件有{count}个）',
    en: 'At most {max} different labels per import (this file has {count})',
  },
  // ---- Patent imports by operators (issue 15, /api/platform/data/patents/import/*) ----
  /** An uploaded file above the installation's limit (IMPORT_MAX_FILE_MB); nothing of the request is kept. */
  IMPORT_FILE_TOO_LARGE: {
    http: 413,
    status: 0,
    zh: '文件“{name}”过大：单个文件不能超过 {max}',
    en: 'The file "{name}" is too large: each file must be at most {max}',
  },
  IMPORT_TOO_MANY_FILES: {
    http: 413,
    status: 0,
    zh: '一次最多上传 {max} 个文件',
    en: 'At most {max} files can be uploaded at once',
  },
  /** Starting a run with an upload that was removed, already imported or swept away (uploads are kept a day). */
  IMPORT_UPLOAD_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '上传的文件“{id}”已不在服务器上，请重新上传',
    en: 'The uploaded file "{id}" is no longer on the server; please upload it again',
  },
  IMPORT_RUN_NOT_FOUND: { http: 404, status: 0, zh: '该导入任务不存在', en: 'This import run does not exist' },
  /** Not an error response: the reason of a file no import format recognises, in a run's refused lines. */
  IMPORT_FORMAT_UNKNOWN: {
    http: 400,
    status: 0,
    zh: '无法识别文件格式：请上传 incoPat、PatSnap、Patentics、CNIPA 的导出文件，或带表头（公开号、标题…）的 CSV / Excel 文件',
    en: 'Format not recognised: upload an export of incoPat, PatSnap, Patentics or CNIPA, or a CSV / Excel file with a header row (publication number, title…)',
  },
  // Collaboration (issue 17): groups, messages, sharing. Spec 2 §5/§8 wording where it has it.
  /** An e-mail given to invite or share with that no registered account has. */
  EMAIL_NOT_REGISTERED: { http: 400, status: 0, zh: '邮箱不存在：{email}', en: 'E-mail does not exist: {email}' },
  /** The same address twice in one invitation or share. */
  EMAIL_DUPLICATED: {
    http: 400,
    status: 0,
    zh: '邮箱重复：{email}',
    en: 'E-mail entered more than once: {email}',
  },
  SHARE_TOO_MANY_RECIPIENTS: {
    http: 400,
    status: 0,
    zh: '每次最多分享给 {max} 个邮箱',
    en: 'At most {max} e-mails at a time',
  },
  SHARE_TO_SELF: { http: 400, status: 0, zh: '不能分享给自己', en: 'You cannot share with yourself' },
  SHARE_NOT_FOUND: { http: 404, status: 0, zh: '该分享不存在', en: 'This share does not exist' },
  GROUP_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该群组不存在或已解散',
    en: 'This group does not exist or has been disbanded',
  },
  GROUP_NAME_EXISTS: { http: 400, status: 0, zh: '名称已存在', en: 'Name already exists' },
  /** Renaming, inviting, removing or disbanding by a member who is not the group's owner. */
  GROUP_OWNER_ONLY: {
    http: 403,
    status: 0,
    zh: '只有群组创建者可以进行此操作',
    en: 'Only the group owner can do this',
  },
  GROUP_ALREADY_MEMBER: {
    http: 400,
    status: 0,
    zh: '接收人已是成员：{email}',
    en: 'Recipient is already a member: {email}',
  },
  GROUP_ALREADY_INVITED: {
    http: 400,
    status: 0,
    zh: '已邀请该用户，等待对方处理：{email}',
    en: 'This user is already invited and has not answered yet: {email}',
  },
  GROUP_OWNER_CANNOT_LEAVE: {
    http: 400,
    status: 0,
    zh: '创建者不能退出群组，可以解散群组',
    en: 'The owner cannot leave the group; disband it instead',
  },
  /** Applicant groups (spec 2 §5): name required and unique, Chinese and uppercase letters only, no digits. */
  APPLICANT_GROUP_NAME_REQUIRED: {
    http: 400,
    status: 0,
    zh: '请输入申请人组名称',
    en: 'Please enter a name for the applicant group',
  },
  APPLICANT_GROUP_NAME_DIGITS: { http: 400, status: 0, zh: '名称不能包含数字', en: 'The name may not contain digits' },
  APPLICANT_GROUP_NAME_CHARACTERS: {
    http: 400,
    status: 0,
    zh: '名称只能包含中文和大写字母',
    en: 'The name may contain only Chinese characters and uppercase letters',
  },
  APPLICANT_GROUP_NAME_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '名称最多 {max} 个字',
    en: 'The name may be at most {max} characters long',
  },
  APPLICANT_GROUP_NAME_EXISTS: {
    http: 400,
    status: 0,
    zh: '申请人组名称已存在',
    en: 'An applicant group with this name already exists',
  },
  APPLICANT_GROUP_EMPTY: { http: 400, status: 0, zh: '请至少添加一个申请人', en: 'Please add at least one applicant' },
  APPLICANT_GROUP_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该申请人组不存在或已删除',
    en: 'This applicant group does not exist or has been deleted',
  },
  APPLICANT_GROUP_OWNER_ONLY: {
    http: 403,
    status: 0,
    zh: '只有申请人组的创建者可以进行此操作',
    en: 'Only the owner of the applicant group can do this',
  },
  APPLICANT_GROUP_SHARE_LIMIT: {
    http: 400,
    status: 0,
    zh: '一个申请人组最多分享给 {max} 个用户',
    en: 'An applicant group can be shared with at most {max} users',
  },
  APPLICANT_GROUP_ALREADY_SHARED: {
    http: 400,
    status: 0,
    zh: '已分享给该邮箱：{email}',
    en: 'Already shared with this e-mail: {email}',
  },
  APPLICANT_GROUP_NO_SHARE: {
    http: 400,
    status: 0,
    zh: '没有待确认的申请人组分享',
    en: 'There is no applicant group shared with you waiting for confirmation',
  },
  GROUP_NOT_A_MEMBER: { http: 400, status: 0, zh: '该用户不是群组成员', en: 'This user is not a member of the group' },
  GROUP_NO_INVITATION: {
    http: 400,
    status: 0,
    zh: '没有待处理的群组邀请',
    en: 'There is no pending invitation to this group',
  },
  MESSAGE_NOT_FOUND: { http: 404, status: 0, zh: '该消息不存在', en: 'This message does not exist' },
  /** Accepting or declining a message that is not an invitation, or one already answered. */
  MESSAGE_NOT_PENDING: {
    http: 400,
    status: 0,
    zh: '该消息无需处理或已处理',
    en: 'This message needs no answer or has already been answered',
  },
  // Alerts (issue 19). Spec 2 §5: name, content, type and e-mail required; 0 hits refused; ≤5 e-mails; ≤1,000 numbers.
  ALERT_NAME_REQUIRED: { http: 400, status: 0, zh: '请输入预警名称', en: 'Please enter the alert name' },
  ALERT_NAME_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '预警名称不能超过 {max} 个字符',
    en: 'The alert name must be at most {max} characters',
  },
  ALERT_TYPE_REQUIRED: { http: 400, status: 0, zh: '请选择预警类型', en: 'Please choose the alert type' },
  ALERT_CONTENT_REQUIRED: {
    http: 400,
    status: 0,
    zh: '请输入预警内容（检索式、专利库或公开号）',
    en: 'Please enter what to watch (a search expression, a library or publication numbers)',
  },
  ALERT_EMAIL_REQUIRED: { http: 400, status: 0, zh: '请输入接收邮箱', en: 'Please enter a recipient e-mail' },
  ALERT_EMAIL_INVALID: {
    http: 400,
    status: 0,
    zh: '邮箱格式不正确：{email}',
    en: 'Invalid e-mail address: {email}',
  },
  ALERT_TOO_MANY_EMAILS: {
    http: 400,
    status: 0,
    zh: '最多填写 {max} 个邮箱',
    en: 'At most {max} e-mails',
  },
  /** Spec 2 §5 "a search-expression alert whose count is 0 is rejected". */
  ALERT_NO_HITS: {
    http: 400,
    status: 0,
    zh: '该检索式检索结果为 0，无法设置预警',
    en: 'This search expression finds 0 patents; an alert cannot be set on it',
  },
  ALERT_TOO_MANY_PATENTS: {
    http: 400,
    status: 0,
    zh: '公开号预警最多 {max} 个号码（当前 {count} 个）',
    en: 'A publication-number alert takes at most {max} numbers ({count} given)',
  },
  ALERT_SCHEDULE_INVALID: {
    http: 400,
    status: 0,
    zh: '请选择预警频率：每周的星期几或每月的几号',
    en: 'Please choose the frequency: a weekday for weekly, a day of the month for monthly',
  },
  ALERT_TIME_ZONE_INVALID: { http: 400, status: 0, zh: '未知时区：{timeZone}', en: 'Unknown time zone: {timeZone}' },
  ALERT_NOT_FOUND: { http: 404, status: 0, zh: '该预警不存在或已删除', en: 'This alert does not exist or was deleted' },
  ALERT_RUN_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该预警结果不存在或已删除',
    en: 'This alert result does not exist or was deleted',
  },
  /** A run whose evaluation failed: its lastError (not an error response). */
  ALERT_RUN_FAILED: { http: 500, status: 0, zh: '预警运行失败：{reason}', en: 'The alert run failed: {reason}' },
  /**
   * A run whose mail could not be delivered: its lastError (not an error response). Issue 41: no
   * reason — the SMTP server's answer names internal hosts and ports; the log has it.
   */
  ALERT_MAIL_FAILED: {
    http: 500,
    status: 0,
    zh: '预警邮件发送失败，下次运行时将重新发送；如持续失败请联系管理员',
    en: 'The alert e-mail could not be sent; the next run sends it again. If this persists, contact your administrator',
  },
  /** Issue 41: a due alert of an owner who is disabled or lost the /warning permission: its run's reason (not an error response). */
  ALERT_SKIPPED_OWNER_INACTIVE: {
    http: 400,
    status: 0,
    zh: '账号已停用或没有预警权限，未发送预警邮件',
    en: 'The account is disabled or may not use alerts; no alert e-mail was sent',
  },
  /** Issue 41: a due alert none of whose recipients may receive it yet (unconfirmed): its run's reason. */
  ALERT_SKIPPED_NO_RECIPIENT: {
    http: 400,
    status: 0,
    zh: '没有已确认的接收邮箱，未发送预警邮件；接收人需先点击确认邮件中的链接',
    en: 'No recipient has confirmed their address yet, so no alert e-mail was sent; each must open the link in the confirmation e-mail',
  },
  /** Issue 41: an account's alerts are capped (ALERT_MAX_PER_USER). */
  ALERT_LIMIT_REACHED: {
    http: 400,
    status: 0,
    zh: '每个账号最多设置 {max} 个预警，请先删除不再需要的预警',
    en: 'An account may have at most {max} alerts; delete one you no longer need first',
  },
  /** Issue 41: saving would send more recipient confirmation mails than the account's 24-hour allowance (ALERT_CONFIRMATIONS_PER_DAY). */
  ALERT_CONFIRMATION_LIMIT: {
    http: 429,
    status: 0,
    zh: '24 小时内最多向 {max} 个新接收邮箱发送确认邮件，请稍后再添加新的接收邮箱',
    en: 'At most {max} confirmation e-mails to new recipients may be sent per 24 hours; please add new recipients later',
  },
  /** Issue 41: an address has had ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmation mails in 24 hours, from anyone. */
  ALERT_RECIPIENT_CONFIRMATION_LIMIT: {
    http: 429,
    status: 0,
    zh: '{email} 近 24 小时内已收到多封确认邮件，请稍后再试',
    en: '{email} has received several confirmation e-mails in the last 24 hours; please try again later',
  },
  /** Issue 43: a test mail of an alert within ALERT_TEST_MAIL_INTERVAL_SECONDS of the caller's last one. */
  ALERT_TEST_MAIL_TOO_SOON: {
    http: 429,
    status: 0,
    zh: '测试邮件刚刚已发送，请 {seconds} 秒后再试',
    en: 'A test mail was just sent; please try again in {seconds} s',
  },
  /** Issue 43: ALERT_TEST_MAILS_PER_DAY test mails within 24 hours. */
  ALERT_TEST_MAIL_LIMIT: {
    http: 429,
    status: 0,
    zh: '24 小时内最多发送 {max} 封测试邮件，请稍后再试',
    en: 'At most {max} test mails may be sent per 24 hours; please try again later',
  },
  /** Issue 43: the test mail could not be delivered (no reason: the SMTP answer names internal hosts). */
  ALERT_TEST_MAIL_FAILED: {
    http: 502,
    status: 0,
    zh: '测试邮件发送失败，请稍后再试；如持续失败请联系管理员',
    en: 'The test mail could not be sent; please try again later. If this persists, contact your administrator',
  },
  /** Issue 41: a recipient's confirmation link that is unknown, or already replaced by a newer one. */
  ALERT_CONFIRMATION_INVALID: {
    http: 400,
    status: 0,
    zh: '确认链接无效或已被新的确认邮件取代',
    en: 'This confirmation link is not valid, or a newer confirmation e-mail replaced it',
  },
  /** Issue 41: a recipient's confirmation link past ALERT_CONFIRMATION_TTL_SECONDS. */
  ALERT_CONFIRMATION_EXPIRED: {
    http: 400,
    status: 0,
    zh: '确认链接已过期，请联系预警的设置人重新发送',
    en: 'This confirmation link has expired; ask the person who set up the alert to send it again',
  },
  // ---- Duplicate and similarity check (spec 2 §5, §7; issue 21) ----
  DUPLICATE_TEXT_EMPTY: {
    http: 400,
    status: 0,
    zh: '请输入或上传要查重的文本',
    en: 'Please enter or upload the text to check',
  },
  DUPLICATE_TEXT_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '查重文本超过 {max} 个字符（当前 {length} 个），请删减或分段查重',
    en: 'The text to check exceeds {max} characters ({length} now); shorten it or check it in parts',
  },
  /** Not an error: the advice answered beside a check of fewer than DUPLICATE_ADVISED_MIN_CHARS characters (status 1). */
  DUPLICATE_TEXT_SHORT: {
    http: 200,
    status: 1,
    zh: '文本仅 {length} 个字符，建议至少 {min} 个字符，查重结果可能不准确',
    en: 'The text has only {length} characters; at least {min} are advised, so the result may be less reliable',
  },
  /** Spec 2 §8 upload check: 'upload file larger than 5MB, please re-upload'. */
  DUPLICATE_FILE_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '上传文件大于 {max}，请重新上传',
    en: 'Upload file larger than {max}, please re-upload',
  },
  /** Spec 2 §5 upload check: 'only upload of types: {formats}'. */
  DUPLICATE_FILE_TYPE: {
    http: 400,
    status: 0,
    zh: '只能上传 {types} 类型的文件',
    en: 'Only upload of types: {types}',
  },
  DUPLICATE_FILE_UNREADABLE: {
    http: 400,
    status: 0,
    zh: '无法读取上传的文件：{reason}',
    en: 'The uploaded file cannot be read: {reason}',
  },
  DUPLICATE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该查重记录不存在或已删除',
    en: 'This check does not exist or was deleted',
  },
  /** A report asked for before its check is done, or a re-run while it is still running. */
  DUPLICATE_NOT_READY: {
    http: 409,
    status: 0,
    zh: '查重尚未完成（{state}），请稍后再试',
    en: 'The check is not finished yet ({state}); please try again shortly',
  },
  DUPLICATE_PATENT_NOT_IN_REPORT: {
    http: 404,
    status: 0,
    zh: '专利 {pn} 不在该查重报告的相似专利中',
    en: 'Patent {pn} is not among the similar patents of this report',
  },
  DUPLICATE_PATENTS_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '未找到要比对的专利：{numbers}',
    en: 'The patents to compare were not found: {numbers}',
  },
  DUPLICATE_FAILED: { http: 500, status: 0, zh: '查重失败，请重新查重', en: 'The check failed; please run it again' },
  // ---- Companies (issue 20, /business/search/business, /api/platform/business/tree/import) ----
  /** A company tree CSV with malformed rows; nothing of the file is kept. `{lines}` lists the first faults. */
  BUSINESS_TREE_INVALID: {
    http: 400,
    status: 0,
    zh: '公司关系表有误，未导入：{lines}',
    en: 'The company relations file was not imported: {lines}',
  },
  /** No patents of the named company (standardised or written name) in the index. */
  BUSINESS_COMPANY_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '未找到企业“{name}”的专利',
    en: 'No patents of the company "{name}"',
  },
  // Special topics (docs/special-topics.md) and awards (docs/awards.md)
  TOPIC_NOT_FOUND: { http: 404, status: 0, zh: '该专题不存在或已删除', en: 'This topic does not exist or was deleted' },
  TOPIC_LIMIT_REACHED: {
    http: 400,
    status: 0,
    zh: '专题最多 {max} 个，请先删除不用的专题',
    en: 'At most {max} topics; delete one you no longer use first',
  },
  TOPIC_PICTURE_TYPE: {
    http: 400,
    status: 0,
    zh: '图片格式不支持，请上传 JPG、PNG 或 WebP 图片',
    en: 'Unsupported picture format; upload a JPG, PNG or WebP image',
  },
  TOPIC_PICTURE_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '图片不能超过 {max}，边长不超过 {side} 像素',
    en: 'The picture must be at most {max} and {side} pixels a side',
  },
  TOPIC_PICTURE_REQUIRED: { http: 400, status: 0, zh: '请选择要上传的图片', en: 'Choose a picture to upload' },
  TOPIC_ORDER_MISMATCH: {
    http: 400,
    status: 0,
    zh: '排序须包含全部专题，且每个专题一次',
    en: 'The order must list every topic exactly once',
  },
  AWARD_FILE_REQUIRED: { http: 400, status: 0, zh: '请选择要导入的 CSV 文件', en: 'Choose a CSV file to import' },
  AWARD_FILE_INVALID: {
    http: 400,
    status: 0,
    zh: '文件无法读取：请上传 UTF-8 编码的 CSV 文件（列：公开号、奖项、年份）',
    en: 'The file cannot be read: upload a UTF-8 CSV file (columns: number, award, year)',
  },
  AWARD_FILE_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '文件不能超过 {max}',
    en: 'The file must be at most {max}',
  },
  AWARD_TOO_MANY_ROWS: {
    http: 400,
    status: 0,
    zh: '一次最多导入 {max} 行',
    en: 'At most {max} rows per import',
  },
  // ---- Smart reports (spec 2 §4, §5, §8; issue 20: /report/patent, /report/patent/list) ----
  /** Spec 2 §8, verbatim. */
  REPORT_EXPIRED: { http: 410, status: 0, zh: '报告已过期，请重新生成！', en: 'Report expired, please regenerate!' },
  /** Spec 2 §8, verbatim. */
  REPORT_DELETED: {
    http: 404,
    status: 0,
    zh: '当前报告已被删除，请重新生成',
    en: 'Current report has been deleted, please regenerate',
  },
  /** Spec 2 §8, verbatim: the account's report quota (users.quotas.report) is used up. */
  REPORT_QUOTA_EXHAUSTED: {
    http: 400,
    status: 0,
    zh: '当前剩余报告生成额度为0',
    en: 'Current remaining report generation quota is 0',
  },
  REPORT_NOT_FOUND: { http: 404, status: 0, zh: '报告不存在', en: 'The report does not exist' },
  /** Spec 2 §5 / §9: "report time range within 12 units". */
  REPORT_RANGE_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '报告时间范围不能超过 {max} 个{unit}（当前 {units} 个）',
    en: 'The report time range is limited to {max} {unit} ({units} chosen)',
  },
  REPORT_RANGE_REVERSED: {
    http: 400,
    status: 0,
    zh: '报告时间范围的结束时间必须不早于开始时间',
    en: 'The end of the report time range must not be before its start',
  },
  REPORT_NOT_READY: {
    http: 409,
    status: 0,
    zh: '报告正在生成中，请稍后再试',
    en: 'The report is still being generated; please try again shortly',
  },
  REPORT_FAILED: {
    http: 500,
    status: 0,
    zh: '报告生成失败，请重新生成',
    en: 'The report failed; please regenerate it',
  },
  REPORT_EMPTY_SET: {
    http: 400,
    status: 0,
    zh: '所选范围内没有专利，无法生成报告',
    en: 'There are no patents in the chosen set and time range to report on',
  },
  FORMAL_TEXT_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '申请文本超过 {max} 个字符（当前 {length} 个），请删减后再检查',
    en: 'The application text exceeds {max} characters ({length} now); shorten it and check again',
  },
  ABNORMAL_TEXT_EMPTY: {
    http: 400,
    status: 0,
    zh: '请填写申请文本（名称、摘要、权利要求书或说明书）后再检查非正常申请信号',
    en: 'Enter the application text (title, abstract, claims or description) before checking for abnormal-application signals',
  },
  ABNORMAL_APPLICANT_REQUIRED: {
    http: 400,
    status: 0,
    zh: '请填写申请人名称，非正常申请信号按申请人查找其在先申请',
    en: "Enter the applicant's name: the abnormal-application signals look up the applicant's earlier filings",
  },
  // ---- My files and the chunked upload (spec 2 §5 upload checks, §7, §8; issue 22) ----
  /** Spec 2 §5 upload check (code 3): 'please select a file to upload'. */
  FILE_REQUIRED: { http: 400, status: 0, zh: '请选择要上传的文件', en: 'Please select a file to upload' },
  /** Spec 2 §5 upload check (code 2): 'only upload of types: {formats}'. */
  FILE_TYPE_NOT_ALLOWED: {
    http: 400,
    status: 0,
    zh: '只能上传 {types} 类型的文件',
    en: 'Only upload of types: {types}',
  },
  /** Spec 2 §5 upload check (code 1) in the words of §5's size message: 'upload file larger than 5MB, please re-upload'. */
  FILE_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '上传文件大于 {max}，请重新上传',
    en: 'Upload file larger than {max}, please re-upload',
  },
  /** Spec 2 §5: 'upload file count exceeds limit'. */
  FILE_COUNT_EXCEEDED: {
    http: 400,
    status: 0,
    zh: '上传文件数量超出限制（一次最多 {max} 个）',
    en: 'Upload file count exceeds limit (at most {max} at a time)',
  },
  /** The assembled file's MD5 differs from the identifier the client computed: the pieces are dropped. */
  FILE_MD5_MISMATCH: {
    http: 400,
    status: 0,
    zh: '文件校验失败：收到的内容与文件标识（MD5）不一致，请重新上传',
    en: 'File check failed: the content received does not match the file’s identifier (MD5); please upload it again',
  },
  /** The `param` field of an upload is missing or not the spec's chunk parameters. */
  FILE_CHUNK_PARAM_INVALID: {
    http: 400,
    status: 0,
    zh: '分片参数不正确：{field} {reason}',
    en: 'Invalid chunk parameters: {field} {reason}',
  },
  FILE_CHUNK_OUT_OF_RANGE: {
    http: 400,
    status: 0,
    zh: '分片序号 {number} 超出范围（共 {total} 片）',
    en: 'Chunk number {number} is out of range (there are {total})',
  },
  /** A piece whose bytes differ from what its parameters say (a transfer cut short, or a wrong slicing). */
  FILE_CHUNK_SIZE_MISMATCH: {
    http: 400,
    status: 0,
    zh: '第 {number} 片收到 {actual} 字节，应为 {expected} 字节，请重新上传该分片',
    en: 'Chunk {number} arrived with {actual} bytes instead of {expected}; please send it again',
  },
  /** A piece naming an upload that holds another file (other MD5, slicing or name). */
  FILE_UPLOAD_MISMATCH: {
    http: 400,
    status: 0,
    zh: '分片与上传任务 {uploadId} 的文件不一致，请重新上传',
    en: 'The chunk does not belong to the file of upload {uploadId}; please upload the file again',
  },
  /** An uploadId the caller does not hold: unknown, someone else's, finished, or cleaned after UPLOAD_STALE_HOURS. */
  FILE_UPLOAD_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '上传任务不存在或已过期，请重新上传',
    en: 'The upload does not exist or has expired; please upload the file again',
  },
  /** Also answered for another user's file: its existence is not revealed. */
  FILE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '文件不存在或已被删除',
    en: 'The file does not exist or has been deleted',
  },
  FILE_NAME_INVALID: {
    http: 400,
    status: 0,
    zh: '文件名不能为空，不能超过 {max} 个字符，也不能包含 / \\ : * ? " < > | 或控制字符',
    en: 'A file name must not be empty, longer than {max} characters, or contain / \\ : * ? " < > | or control characters',
  },
  FILE_EXTENSION_CHANGED: {
    http: 400,
    status: 0,
    zh: '重命名不能更改文件类型，新文件名须以 .{ext} 结尾',
    en: 'Renaming cannot change the file type: the new name must end with .{ext}',
  },
  /** Issue 41 §7: the account's bytes (files and unfinished uploads' pieces) would pass FILE_STORAGE_MAX_BYTES. */
  FILE_STORAGE_QUOTA_EXCEEDED: {
    http: 400,
    status: 0,
    zh: '“我的文件”空间不足：上限 {max}，已用 {used}（含未完成的上传），本次上传 {size}；请删除不需要的文件后再上传（未完成的上传 {hours} 小时后自动清除）',
    en: 'Not enough room in My files: {max} at most, {used} used (unfinished uploads included), this upload {size}; delete files you no longer need, then upload again (unfinished uploads are removed after {hours} hours)',
  },
  FILE_STORAGE_FULL: {
    http: 400,
    status: 0,
    zh: '“我的文件”已有 {max} 个文件，达到上限，请删除不需要的文件后再上传',
    en: 'My files already holds {max} files, the most it can; delete files you no longer need, then upload again',
  },
  /** A file the type's own guard refuses (an .xlsx zip bomb …); `reason` says why in the caller's language. */
  FILE_UNACCEPTABLE: {
    http: 400,
    status: 0,
    zh: '无法接收文件“{name}”：{reason}',
    en: 'The file "{name}" cannot be accepted: {reason}',
  },
  // ---- Pre-evaluation and novelty search (issue 22, /apply/pre/*) ----
  /** Spec 2 §5: "pre-evaluation input at least 30 characters". */
  PRE_EVALUATION_TEXT_TOO_SHORT: {
    http: 400,
    status: 0,
    zh: '预评估内容至少需要 {min} 个字符（当前 {length} 个）',
    en: 'Pre-evaluation text needs at least {min} characters ({length} given)',
  },
  PRE_EVALUATION_TEXT_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '预评估内容超过 {max} 个字符（当前 {length} 个）',
    en: 'Pre-evaluation text exceeds {max} characters ({length} given)',
  },
  /** A text with no technical term to match (only numbers, punctuation or boilerplate). */
  PRE_EVALUATION_NO_FEATURES: {
    http: 400,
    status: 0,
    zh: '未能从内容中拆分出技术特征，请输入权利要求或技术方案',
    en: 'No technical feature could be found in the text; please enter claims or a technical solution',
  },
  PRE_EVALUATION_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该预评估记录不存在或已删除',
    en: 'This pre-evaluation does not exist or was deleted',
  },
  PRE_EVALUATION_NOT_READY: {
    http: 409,
    status: 0,
    zh: '预评估尚未完成（{state}），请稍后再试',
    en: 'The pre-evaluation is not finished yet ({state}); please try again shortly',
  },
  PRE_EVALUATION_DOCUMENT_NOT_IN_RESULT: {
    http: 404,
    status: 0,
    zh: '文献 {pn} 不在该预评估的对比文献中',
    en: 'Document {pn} is not among the prior art of this pre-evaluation',
  },
  PRE_EVALUATION_FAILED: {
    http: 500,
    status: 0,
    zh: '预评估失败，请重新提交',
    en: 'The pre-evaluation failed; please submit it again',
  },
  // Disclosure writing and application drafts (domains/disclosure; spec 2 §5, §8, §9).
  DISCLOSURE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '文档不存在或已删除',
    en: 'The document does not exist or has been deleted',
  },
  /** A save based on an older version than the stored one (another tab or window saved in between). */
  DISCLOSURE_VERSION_CONFLICT: {
    http: 409,
    status: 0,
    zh: '该文档已在别处保存为第 {current} 版，本次基于第 {base} 版的修改未保存，以免覆盖。请复制您的修改后重新打开文档',
    en: 'This document was saved elsewhere as version {current}; your changes, based on version {base}, were not saved so as not to overwrite it. Copy your changes and reopen the document',
  },
  DISCLOSURE_VERSION_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该历史版本不存在',
    en: 'This version does not exist',
  },
  /** Spec 2 §8 "Exceeded {n} character length". */
  DISCLOSURE_TITLE_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '标题超过{max}字符长度',
    en: 'The title exceeded {max} character length',
  },
  DISCLOSURE_TEXT_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '正文超过{max}字符长度（当前 {length} 字）',
    en: 'The text exceeded {max} character length (now {length})',
  },
  DISCLOSURE_SECTION_UNKNOWN: {
    http: 400,
    status: 0,
    zh: '此类文档没有“{section}”部分',
    en: 'This kind of document has no section "{section}"',
  },
  /** Spec 2 §5 upload checks: "only upload of types: {formats}". */
  DISCLOSURE_IMAGE_TYPE: {
    http: 400,
    status: 0,
    zh: '图片插入失败：只能上传 {formats} 类型的文件',
    en: 'Image insert failed: only upload of types: {formats}',
  },
  /** Spec 2 §5 "upload file larger than 5MB, please re-upload". */
  DISCLOSURE_IMAGE_TOO_LARGE: {
    http: 400,
    status: 0,
    zh: '图片插入失败：上传文件大于{max}，请重新上传',
    en: 'Image insert failed: upload file larger than {max}, please re-upload',
  },
  /** Spec 2 §5 "upload file count exceeds limit"; §9 "image max 10". */
  DISCLOSURE_IMAGE_LIMIT: {
    http: 400,
    status: 0,
    zh: '图片插入失败：上传文件数量超过限制（每篇文档最多 {max} 张图片）',
    en: 'Image insert failed: upload file count exceeds limit (at most {max} images per document)',
  },
  /** Spec 2 §5 "please select a file to upload". */
  DISCLOSURE_IMAGE_REQUIRED: {
    http: 400,
    status: 0,
    zh: '图片插入失败：请选择要上传的文件',
    en: 'Image insert failed: please select a file to upload',
  },
  /** Issue 41 §3: an image whose header declares more than MAX_DISCLOSURE_IMAGE_PIXELS; refused before decoding. */
  DISCLOSURE_IMAGE_TOO_MANY_PIXELS: {
    http: 400,
    status: 0,
    zh: '图片插入失败：图片尺寸为 {width}×{height} 像素，超过 {tenThousands} 万像素的上限，请缩小后重新上传',
    en: 'Image insert failed: the image is {width}×{height} pixels, more than the {megapixels} megapixels allowed; scale it down and upload again',
  },
  DISCLOSURE_IMAGE_UNREADABLE: {
    http: 400,
    status: 0,
    zh: '图片插入失败：文件不是有效的 {formats} 图片',
    en: 'Image insert failed: the file is not a valid {formats} image',
  },
  DISCLOSURE_IMAGE_NOT_FOUND: { http: 404, status: 0, zh: '图片不存在', en: 'Image not found' },
  /** Content naming an image that was not uploaded to this document (another's, a data: or outside address). */
  DISCLOSURE_IMAGE_FOREIGN: {
    http: 400,
    status: 0,
    zh: '正文中的图片须通过编辑器上传到本文档',
    en: 'Images in the text must be uploaded to this document through the editor',
  },
  // ---- Assisted writing (spec 2 §7 /patent/rewrite/*; issue 22) ----
  /** LLM_URL is not set: this installation has no language model to rewrite with. */
  REWRITE_NOT_CONFIGURED: {
    http: 503,
    status: 0,
    zh: '未配置辅助撰写服务：请管理员设置 LLM_URL（以及 LLM_API_KEY、LLM_MODEL）后重启',
    en: 'Assisted writing is not set up: ask the administrator to set LLM_URL (and LLM_API_KEY, LLM_MODEL) and restart',
  },
  REWRITE_TEXT_EMPTY: { http: 400, status: 0, zh: '请输入要改写的文本', en: 'Please enter the text to rewrite' },
  /** Spec 2 §8: 'Exceeded {n} character length'. */
  REWRITE_TEXT_TOO_LONG: {
    http: 400,
    status: 0,
    zh: '已超过 {max} 字符长度（当前 {length} 个字符）{hint}',
    en: 'Exceeded {max} character length ({length} now){hint}',
  },
  REWRITE_DAILY_LIMIT_REACHED: {
    http: 429,
    status: 0,
    zh: '今日辅助撰写额度不足：每日 {limit} 字，今日剩余 {left} 字，本次需要 {chars} 字；额度于 {resetsAt} 恢复',
    en: 'Not enough of today’s assisted-writing allowance: {limit} characters a day, {left} left, this text needs {chars}; it renews at {resetsAt}',
  },
  /** Spec 2 §6 "writing copies" quota of the account, set by an operator. */
  REWRITE_QUOTA_EXHAUSTED: {
    http: 403,
    status: 0,
    zh: '当前剩余撰写次数为0（已用 {used} / {limit}），请联系管理员',
    en: 'Your remaining writing quota is 0 ({used} of {limit} used); please contact the administrator',
  },
  REWRITE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '该改写记录不存在或已删除',
    en: 'This rewrite does not exist or was deleted',
  },
  REWRITE_PROVIDER_TIMEOUT: {
    http: 504,
    status: 0,
    zh: '语言模型服务在 {seconds} 秒内未响应，请稍后重试或缩短文本',
    en: 'The language model did not answer within {seconds} s; please try again later or shorten the text',
  },
  REWRITE_PROVIDER_BUSY: {
    http: 503,
    status: 0,
    zh: '语言模型服务繁忙（请求过多），请稍后再试',
    en: 'The language model service is busy (too many requests); please try again later',
  },
  REWRITE_PROVIDER_FAILED: {
    http: 502,
    status: 0,
    zh: '语言模型服务出错（HTTP {status}），请稍后重试',
    en: 'The language model service failed (HTTP {status}); please try again later',
  },
  REWRITE_PROVIDER_UNREACHABLE: {
    http: 502,
    status: 0,
    zh: '无法连接语言模型服务，请管理员检查 LLM_URL',
    en: 'The language model service cannot be reached; ask the administrator to check LLM_URL',
  },
  REWRITE_PROVIDER_REFUSED: {
    http: 502,
    status: 0,
    zh: '语言模型服务拒绝了请求（HTTP {status}），请管理员检查 LLM_API_KEY 和 LLM_MODEL',
    en: 'The language model service refused the request (HTTP {status}); ask the administrator to check LLM_API_KEY and LLM_MODEL',
  },
  REWRITE_PROVIDER_BAD_ANSWER: {
    http: 502,
    status: 0,
    zh: '语言模型服务的回答无法使用（{reason}），请稍后重试',
    en: 'The language model’s answer could not be used ({reason}); please try again later',
  },
  REWRITE_INTERRUPTED: {
    http: 500,
    status: 0,
    zh: '服务器在改写过程中停止，请重新提交',
    en: 'The server stopped during this rewrite; please submit it again',
  },
  REWRITE_FAILED: {
    http: 500,
    status: 0,
    zh: '改写失败，请重新提交',
    en: 'The rewrite failed; please submit it again',
  },
  // ---- Job lanes (issue 40: per-user caps on queued tasks) ----
  /** A user already has MAX_ACTIVE_TASKS_PER_USER tasks of this kind waiting or running. */
  TASK_USER_LIMIT: {
    http: 429,
    status: 0,
    zh: '您已有 {count} 个同类任务在排队或进行中（最多 {limit} 个），请等待完成后再提交',
    en: 'You already have {count} tasks of this kind waiting or running (at most {limit}); please wait for one to finish before submitting another',
  },
  // ---- Task kit (issue 40): a task whose process stopped under it fails with its kind's code ----
  DOWNLOAD_INTERRUPTED: {
    http: 500,
    status: 0,
    zh: '服务器在导出过程中停止，文件未完成，请重新导出',
    en: 'The server stopped during this export and the file is incomplete; please run it again',
  },
  REPORT_INTERRUPTED: {
    http: 500,
    status: 0,
    zh: '服务器在生成报告时停止，请重新生成',
    en: 'The server stopped while generating this report; please regenerate it',
  },
  DUPLICATE_INTERRUPTED: {
    http: 500,
    status: 0,
    zh: '服务器在查重过程中停止，请重新查重',
    en: 'The server stopped during this check; please run it again',
  },
  PRE_EVALUATION_INTERRUPTED: {
    http: 500,
    status: 0,
    zh: '服务器在预评估过程中停止，请重新提交',
    en: 'The server stopped during this pre-evaluation; please submit it again',
  },
} as const satisfies Record<string, ErrorCodeRow>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type Language = 'zh' | 'en';

/** Fills `{name}` placeholders of a catalogue message in the given language. */
export function formatErrorMessage(
  code: ErrorCode,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const template: string = ERROR_CODES[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (params[name] === undefined ? '' : String(params[name])));
}
