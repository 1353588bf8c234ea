"""The agent manager engine (design §6): a deepagents agent drafting concept pages
in a confined in-memory backend. Heavy imports (deepagents, langchain, provider SDKs)
happen only inside `engine.py`, when the engine runs."""
